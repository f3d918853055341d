import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../i18n/text.ts';
import type { NewTaskRow } from '../../store/task-money.ts';
import { nowSeconds } from '../../store/users.ts';
import { callerOf, type Caller } from '../call/caller.ts';
import { asObject } from '../formats/json-read.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { submitTask } from '../tasks/submit-task.ts';
import { taskPrice } from '../tasks/task-price.ts';
import { blamingTheChannel, ChannelFault, channelAtFault, onTaskChannels } from '../tasks/task-retry.ts';
import { channelForNewTask, originChannel, originTask, SUNO_PLATFORM } from './channels.ts';
import { callSuno } from './suno-upstream.ts';
import { readSunoSubmission, SUNO_ACTIONS, sunoActionOf, type SunoAction } from './submission.ts';
import { readSunoAnswer, SUNO_SUCCESS, sunoBadRequest, sunoError } from './wire.ts';

/** How long a submission may take upstream (new-api's task calls: 60 s). */
const SUBMIT_TIMEOUT_MS = 60_000;

/** At most this much of a refusing upstream's body is passed on in the error message. */
const QUOTED_BODY_CHARS = 500;

/**
 * What the upstream's answer to a submission means (new-api's Suno adaptor): HTTP 200 with
 * `{code: "success", data: "<task id>"}` is accepted; another status, an answer that is not
 * new-api's task shape, another code or no task id is refused (and so refunded), with the error
 * the caller gets: a 4xx as the upstream said it, anything else a 502.
 */
export function acceptedTaskId(status: number, text: string): string {
  if (status !== 200) {
    // A refusal's 4xx is passed on as new-api passes it; an upstream's own failure is a bad gateway.
    const answered = status >= 400 && status < 500 ? status : 502;
    const body = text.trim().slice(0, QUOTED_BODY_CHARS);
    throw sunoError(answered, 'fail_to_fetch_task', msg('suno.upstreamStatus', { status, body }));
  }
  const answer = readSunoAnswer(text);
  if (!answer) throw sunoError(502, 'unmarshal_response_body_failed', msg('suno.upstreamUnreadable'));
  if (answer.code !== SUNO_SUCCESS) throw sunoError(502, answer.code, answer.message);
  if (typeof answer.data !== 'string' || answer.data === '')
    throw sunoError(502, 'unmarshal_response_body_failed', msg('suno.upstreamUnreadable'));
  return answer.data;
}

/** The task's row as new-api's InitTask writes it: not started, the key in its private data. */
function taskRow(caller: Caller, channelId: number, action: SunoAction, taskId: string): NewTaskRow<'tasks'> {
  const now = nowSeconds();
  const model = SUNO_ACTIONS[action];
  return {
    created_at: now,
    updated_at: now,
    task_id: taskId,
    platform: SUNO_PLATFORM,
    user_id: caller.userId,
    group: caller.group,
    channel_id: channelId,
    action,
    status: 'NOT_START',
    fail_reason: '',
    submit_time: now,
    progress: '0%',
    properties: JSON.stringify({ origin_model_name: model, upstream_model_name: model }),
    private_data: JSON.stringify({ token_id: caller.tokenId }),
  };
}

/**
 * POST /suno/submit/:action: the body read as new-api reads it, a continuation sent to the channel
 * of the task it extends (the caller's own), a new task to one of the caller's group; then priced at
 * the action's model (suno_music, suno_lyrics), reserved, sent, and charged or refunded by the task
 * engine (relay/tasks/submit-task.ts). Answers the upstream's answer as it came.
 */
export async function submitSuno(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
): Promise<{ status: number; body: unknown }> {
  const startedAt = Date.now();
  const caller = callerOf(request);
  const action = sunoActionOf((request.params as { action: string }).action);
  const body = asObject(request.body);
  if (!body) throw sunoBadRequest(msg('suno.bodyNotObject'));
  const submission = readSunoSubmission(action, body);
  const model = SUNO_ACTIONS[action];
  if (caller.modelLimits && !caller.modelLimits.has(model))
    throw sunoError(403, 'model_not_allowed', msg('suno.modelNotAllowed', { model }));
  const origin = submission.originTaskId ? await originTask(app, caller, submission.originTaskId) : undefined;
  const { first, candidates } = origin
    ? { first: originChannel(app, origin), candidates: undefined }
    : await channelForNewTask(app, caller, model);
  const price = taskPrice(app.settings, model, caller.group, caller.acceptUnsetRatio);
  let reply: { status: number; body: unknown } = { status: 500, body: null };

  await submitTask(app, runtime, {
    table: 'tasks',
    call: { caller, channelId: first.id, requestId: request.id, ip: request.ip, startedAt },
    price,
    send: () =>
      onTaskChannels(app, first, candidates, async (channel) => {
        const { status, text } = await blamingTheChannel(
          callSuno(runtime.upstream, channel, {
            path: `/suno/submit/${action}`,
            body: submission.sent,
            timeoutMs: SUBMIT_TIMEOUT_MS,
          }),
        );
        if (channelAtFault(status)) throw new ChannelFault(() => acceptedTaskId(status, text) as never);
        const taskId = acceptedTaskId(status, text);
        reply = { status, body: JSON.parse(text) as unknown };
        const row = taskRow(caller, channel.id, action, taskId);
        return { accepted: true as const, taskId, action, row, channelId: channel.id };
      }),
  });
  return reply;
}
