import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { cachedAllowList } from '../net/allow-list.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { addSettlementGauges } from './billing/settlement-gauges.ts';
import { openSettlements, type Settlements } from './billing/settlements.ts';
import { checkKeyFirst } from './call/key-check.ts';
import type { RelayRuntime } from './call/pipeline.ts';
import { relayErrorHandler } from './call/relay-error-handler.ts';
import { anthropicRoutes } from './clients/anthropic/anthropic-routes.ts';
import { geminiRoutes } from './clients/gemini/gemini-routes.ts';
import { modelRoutes } from './clients/model-routes.ts';
import { openAIRoutes } from './clients/openai-chat/openai-routes.ts';
import { midjourneyPlatform } from './midjourney/poll.ts';
import { midjourneyRoutes } from './midjourney/routes.ts';
import { UpstreamClient } from './routing/upstream-client.ts';
import { sunoPlatform } from './suno/poll.ts';
import { sunoRoutes } from './suno/routes.ts';
import { TASK_POLL_JOB, taskPollJob } from './tasks/task-poller.ts';
import { videoPlatform } from './video/video-poll.ts';
import { videoRoutes } from './video/video-routes.ts';

/** How long closing waits for cut calls to end before settling what has ended. */
const CLOSE_WAIT_MS = 5_000;

async function callsEnded(inFlight: ReadonlySet<string>, boundMs: number): Promise<void> {
  const deadline = performance.now() + boundMs;
  while (inFlight.size > 0 && performance.now() < deadline) await sleep(10);
}

/** The settlements in /readyz (recovered, journal not stuck) and in the metrics. */
function reportSettlements(app: FastifyInstance, settlements: Settlements): void {
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
  reportSettlements(app, settlements);
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

  app.decorateRequest('caller', null);
  // (Node discards the unread body of a refused request chunk by chunk; the answer arrives intact.)
  app.addHook(
    'onRequest',
    checkKeyFirst(app, () => settlements.ready()),
  );

  app.setErrorHandler(relayErrorHandler(app));

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
