import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { closeSoonIfUnread } from '../http/unread-body.ts';
import { cachedAllowList } from '../net/allow-list.ts';
import { authenticateCaller, extractKey, extractMidjourneyKey } from './caller.ts';
import { clientErrorBody } from './client-errors.ts';
import type { RelayRuntime } from './pipeline.ts';
import { isDatabaseUnavailable } from '../store/unavailable.ts';
import { requestLanguage } from '../i18n/language.ts';
import { databaseUnavailable, inLanguage, nodeRecovering, RelayError } from './relay-error.ts';
import { anthropicRoutes } from './routes-anthropic.ts';
import { billingRoutes } from './routes-billing.ts';
import { geminiRoutes } from './routes-gemini.ts';
import { midjourneyPlatform } from './midjourney/poll.ts';
import { midjourneyRoutes } from './midjourney/routes.ts';
import { modelRoutes } from './routes-models.ts';
import { sharedPathFormat } from './clients/registry.ts';
import { openAIRoutes } from './routes-openai.ts';
import { addSettlementGauges } from './settlement-gauges.ts';
import { openSettlements } from './settlements.ts';
import { sunoPlatform } from './suno/poll.ts';
import { sunoRoutes } from './suno/routes.ts';
import { TASK_POLL_JOB, taskPollJob } from './tasks/task-poller.ts';
import { UpstreamClient } from './upstream-client.ts';
import { videoPlatform } from './video/video-poll.ts';
import { videoRoutes } from './video/video-routes.ts';
import type { WireFormat } from './wire-format.ts';

/** How long closing waits for cut calls to end before settling what has ended. */
const CLOSE_WAIT_MS = 5_000;

async function callsEnded(inFlight: ReadonlySet<string>, boundMs: number): Promise<void> {
  const deadline = performance.now() + boundMs;
  while (inFlight.size > 0 && performance.now() < deadline) await sleep(10);
}

/** The relay: OpenAI /v1/*, Anthropic /v1/messages, Gemini /v1beta/*, and the playground. */
export const relayRoutes: FastifyPluginAsync = async (app) => {
  const settlements = await openSettlements(app);
  const runtime: RelayRuntime = {
    upstream: new UpstreamClient({
      idleTimeoutSeconds: app.config.streamingTimeoutSeconds,
      allowList: cachedAllowList(() => app.settings.get('OutboundAllowList')),
    }),
    settlements: settlements.batcher,
    nodeId: settlements.nodeId,
    inFlight: settlements.inFlight,
    acceptedTasks: settlements.acceptedTasks,
  };
  app.readiness.add('settlements', () => {
    const age = settlements.batcher.journalAgeSeconds;
    return {
      ok: settlements.ready() && age < app.config.ops.readyJournalStuckSeconds,
      recovered: settlements.ready(),
      journal_depth: settlements.batcher.journalDepth,
      journal_age_seconds: Math.floor(age),
    };
  });
  addSettlementGauges(app.metrics, settlements.batcher);
  // Unfinished drawings, music and videos are polled by one node at a time.
  const platforms = [midjourneyPlatform(), sunoPlatform(), videoPlatform()];
  const poll = taskPollJob(app, runtime.upstream, platforms);
  if (poll) app.jobs.add(poll);
  app.addHook('onClose', async () => {
    await app.jobs.remove(TASK_POLL_JOB);
    // Calls cut at shutdown (the grace period over) are still ending: each settles what it counted
    // or refunds, and that must reach the batcher before it closes. One stuck past the bound keeps
    // its reservation, which the next start (or another node) refunds.
    await callsEnded(runtime.inFlight, CLOSE_WAIT_MS);
    await settlements.close();
    await runtime.upstream.close();
  });

  // The key is checked from the headers, before the body is read: a refused call never makes the
  // process read (let alone parse) its body. The playground signs in with a session instead.
  app.decorateRequest('caller', null);
  // (Node discards the unread body of a refused request chunk by chunk; the answer arrives intact.)
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config as {
      session?: boolean;
      modelList?: boolean;
      midjourney?: boolean;
      noKey?: boolean;
    };
    // Reservations made before the last run's are refunded would be refunded with them.
    if (!settlements.ready() && !config.modelList) throw nodeRecovering();
    if (config.session || config.noKey) return;
    const key = config.midjourney ? extractMidjourneyKey(request) : extractKey(request);
    request.caller = await authenticateCaller(app, key, request.ip);
  });

  app.setErrorHandler((error: FastifyError | RelayError, request, reply) => {
    closeSoonIfUnread(request);
    const config = request.routeOptions.config as { format?: WireFormat; modelList?: boolean };
    const format = config.modelList ? sharedPathFormat(request) : (config.format ?? 'openai');
    if (error instanceof RelayError) {
      if (error.status === 429) app.metrics.relay.tooManyRequests(error.code ?? 'other');
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
      return reply
        .headers(error.headers ?? {})
        .code(error.status)
        .send(clientErrorBody(format, inLanguage(error, requestLanguage(request)), request.id));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send(clientErrorBody(format, databaseUnavailable(), request.id));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'relay failed');
    const message =
      status === 500
        ? 'internal error in the gateway'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'the request body is too large'
          : error.message;
    const code = status === 500 ? 'internal_error' : 'invalid_request';
    const relayError = new RelayError(status, message, code, 'invalid_request_error');
    return reply.code(status).send(clientErrorBody(format, relayError, request.id));
  });

  await openAIRoutes(app, runtime);
  await anthropicRoutes(app, runtime);
  await geminiRoutes(app, runtime);
  await billingRoutes(app);
  await midjourneyRoutes(app, runtime);
  await sunoRoutes(app, runtime);
  await videoRoutes(app, runtime);

  // One model list and single-model lookups, shaped for whichever client asks (as new-api does).
  await modelRoutes(app);
};
