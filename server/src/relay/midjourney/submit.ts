import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { callerOf } from '../call/caller.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { submitTask, type SubmitOutcome } from '../tasks/submit-task.ts';
import { maybeDisableChannel } from '../routing/upstream-error.ts';
import { taskPrice } from '../tasks/task-price.ts';
import { blamingTheChannel, ChannelFault, channelAtFault, onTaskChannels } from '../tasks/task-retry.ts';
import { FREE_ACTIONS, intentOf, modelOfAction, type SubmitKind } from './actions.ts';
import { channelForNewTask, originChannel, originTask } from './channels.ts';
import { callMidjourney, withDrawingOptions } from './mj-upstream.ts';
import { readSubmission, type SubmittedDrawing } from './submission.ts';
import { asObject, asString, mjBadRequest, MjError, MJ_UNKNOWN_ERROR, readAnswer } from './wire.ts';

/** How long a submission may take upstream (new-api's 60 s). */
const SUBMIT_TIMEOUT_MS = 60_000;

/** midjourney-proxy's code 3: the proxy has no Discord account left to draw with. */
const NO_ACCOUNT_CODE = 3;

/** As new-api: a channel whose proxy has no account left is disabled, when automatic disabling allows it. */
function disableWithoutAccounts(app: FastifyInstance, channel: RoutableChannel): void {
  maybeDisableChannel(app, channel, 0, 'No available account instance', true).catch((error: unknown) =>
    app.log.warn({ err: error, channelId: channel.id }, 'disabling a midjourney channel failed'),
  );
}

/** The path sent upstream: the request's from /mj on (a /mj-fast, /mj-turbo or /mj-relax prefix dropped). */
export const upstreamPath = (url: string): string => url.replace(/^\/mj-[a-z]+(?=\/mj\/)/, '');

/**
 * What a channel's answer to a submission means: accepted (naming the channel that took it),
 * refused (a row recorded, uncharged), or an error thrown; and the answer the caller gets.
 */
function readDrawingAnswer(
  app: FastifyInstance,
  channel: RoutableChannel,
  status: number,
  text: string,
  drawing: SubmittedDrawing,
): { outcome: SubmitOutcome<'midjourneys'>; reply: unknown } {
  const answer = readAnswer(text);
  if (!answer) {
    const description = text.trim() === '' ? 'empty_response_body' : 'unmarshal_response_body_failed';
    throw new MjError(MJ_UNKNOWN_ERROR, description, status >= 400 ? status : 502);
  }
  if (answer.code === NO_ACCOUNT_CODE) disableWithoutAccounts(app, channel);
  const read = readSubmission(status, JSON.parse(text) as Record<string, unknown>, answer, drawing);
  const outcome = read.outcome.accepted ? { ...read.outcome, channelId: channel.id } : read.outcome;
  return { outcome, reply: read.reply };
}

/**
 * A drawing submission: the action is named from the route and body, a follow-up goes to the
 * channel of the task it acts on (the caller's own), a new task to one of the caller's group; then
 * priced at the action's model (mj_imagine…), reserved, sent, and charged or refunded by the task
 * engine (relay/tasks/submit-task.ts). Answers the upstream's status and answer.
 */
export async function submitDrawing(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  kind: SubmitKind,
): Promise<{ status: number; body: unknown }> {
  const startedAt = Date.now();
  const caller = callerOf(request);
  const body = asObject(request.body);
  if (!body) throw mjBadRequest('bind_request_body_failed');
  const intent = intentOf(kind, body);
  const model = modelOfAction(intent.action);
  if (caller.modelLimits && !caller.modelLimits.has(model)) throw mjBadRequest(`model_not_allowed:${model}`);
  const origin = intent.followsTaskId
    ? await originTask(app, caller, intent.followsTaskId, intent.action)
    : undefined;
  const { first, candidates } = origin
    ? { first: originChannel(app, origin), candidates: undefined }
    : await channelForNewTask(app, caller, model);
  const price = taskPrice(app.settings, model, caller.group, caller.acceptUnsetRatio);
  const prompt = origin ? (origin.prompt ?? '') : kind === 'swap' ? 'InsightFace' : asString(body.prompt);
  let reply: { status: number; body: unknown } = { status: 500, body: null };
  const drawing = { userId: caller.userId, tokenId: caller.tokenId, action: intent.action, prompt };
  const outcomeOf = (channel: RoutableChannel, status: number, text: string) => {
    const read = readDrawingAnswer(app, channel, status, text, { ...drawing, channelId: channel.id });
    reply = { status, body: read.reply };
    return read.outcome;
  };

  await submitTask(app, runtime, {
    table: 'midjourneys',
    call: { caller, channelId: first.id, requestId: request.id, ip: request.ip, startedAt },
    price,
    free: FREE_ACTIONS.has(intent.action),
    send: () =>
      onTaskChannels(app, first, candidates, async (channel) => {
        const { status, text } = await blamingTheChannel(
          callMidjourney(runtime.upstream, channel, {
            method: 'POST',
            path: upstreamPath(request.url),
            body: withDrawingOptions(app.settings, body),
            timeoutMs: SUBMIT_TIMEOUT_MS,
          }),
        );
        if (channelAtFault(status)) throw new ChannelFault(() => outcomeOf(channel, status, text));
        return outcomeOf(channel, status, text);
      }),
  });
  return reply;
}
