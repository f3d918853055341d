import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import type { NewTaskRow } from '../../store/task-money.ts';
import type { TaskRow } from '../../store/video-tasks.ts';
import type { Caller } from '../call/caller.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { RelayError } from '../call/relay-error.ts';
import { submitTask, TaskNotRecorded } from '../tasks/submit-task.ts';
import { ChannelFault, onTaskChannels } from '../tasks/task-retry.ts';
import { upstreamModelOf } from './video-channels.ts';
import { taskStatus, videoObject } from './video-object.ts';
import { videoPrice } from './video-price.ts';
import type { VideoRequest } from './video-request.ts';
import { newPublicTaskId, type VideoPrivateData } from './video-task-data.ts';

/** What an upstream answered to a submission it accepted. */
export interface AcceptedVideo {
  /** The upstream's own id of the task (kept private). */
  upstreamId: string;
  /** Its task object, kept as the row's data (read back by the video object). */
  object: Record<string, unknown>;
  /** Its status there, already in the table's terms, when it said one. */
  status?: string;
}

/** Where a submission goes: a channel, the key of it used, and the sending. */
export interface VideoAttempt {
  channel: RoutableChannel;
  /** Which of the channel's keys `send` uses, on a channel of several (video-key.ts). */
  keyDigest?: string;
  /** Sends the submission to the channel; a throw (a refusal, no answer) charges nothing. */
  send(upstreamModel: string): Promise<AcceptedVideo>;
}

export interface VideoPlan extends VideoAttempt {
  caller: Caller;
  request: VideoRequest;
  /** new-api's action: generate, textGenerate, remix… */
  action: string;
  /** The duration charged for: the one asked, else the model's default. */
  seconds: number;
  /** The price's multiplier besides the duration (Sora's size ratio). */
  sizeRatio: number;
  /** A remix: our id of the task it remixes. */
  remixedFrom?: string;
  /**
   * A new video: the other channels it may move to when the first fails it (of the first's type,
   * so priced alike), and the attempt on one of them.
   */
  retry?: { candidates: RoutableChannel[]; on(channel: RoutableChannel): VideoAttempt };
}

/**
 * The status a new row starts in: the upstream's while unfinished. A task it says is done or failed
 * already starts unfinished all the same, so that its end goes through the poll's money (the
 * refund of a failure, the settlement of a duration) like every other's.
 */
const unfinishedStatus = (status: string | undefined): string =>
  status === 'QUEUED' || status === 'IN_PROGRESS' ? status : 'SUBMITTED';

/** A key limited to some models may make videos of those only (before any channel is looked for). */
export function requireModelAllowed(caller: Caller, model: string): void {
  if (caller.modelLimits && !caller.modelLimits.has(model)) {
    throw new RelayError(403, msg('relay.modelNotForKey', { model }), 'model_not_allowed');
  }
}

/**
 * A video submission through the task engine (relay/tasks/submit-task.ts): priced at the model's
 * price per second × seconds × size ratio, reserved before the upstream is asked, charged with its
 * log row and its `tasks` row when accepted, given back in full when refused or failed. The row
 * gets our public id (task_…); the upstream's id, the API key's id and the charged duration go in its
 * private data. Answers the task as OpenAI's video object.
 */
export async function submitVideo(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  plan: VideoPlan,
): Promise<Record<string, unknown>> {
  const startedAt = Date.now();
  const { caller, seconds } = plan;
  requireModelAllowed(caller, plan.request.model);
  const price = videoPrice(app.settings, plan.request.model, caller.group, caller.acceptUnsetRatio, {
    seconds,
    sizeRatio: plan.sizeRatio,
  });
  const taskId = newPublicTaskId();
  let answer: Record<string, unknown> = {};
  const attemptOn = (channel: RoutableChannel) => (channel === plan.channel ? plan : plan.retry!.on(channel));
  try {
    await submitTask(app, runtime, {
      table: 'tasks',
      call: { caller, channelId: plan.channel.id, requestId: request.id, ip: request.ip, startedAt },
      price,
      send: () =>
        onTaskChannels(app, plan.channel, plan.retry?.candidates, async (channel) => {
          const attempt = attemptOn(channel);
          const upstreamModel = upstreamModelOf(channel, plan.request.model);
          const accepted = await attempt.send(upstreamModel).catch((error: unknown) => {
            throw channelFaultOf(error);
          });
          const { row, data } = acceptedRow(plan, attempt, taskId, upstreamModel, accepted);
          answer = videoObject({ ...row, id: 0, finish_time: 0, start_time: 0 } as TaskRow, data);
          return { accepted: true as const, taskId, action: plan.action, row, channelId: channel.id };
        }),
    });
  } catch (error) {
    if (error instanceof TaskNotRecorded)
      throw new RelayError(503, msg('video.notRecorded'), 'task_not_recorded');
    throw error;
  }
  return answer;
}

/**
 * A failure of the channel's own (no answer, an answer that is no task, its key refused, its 5xx
 * or 429) may move to another channel; a refusal of the caller's request may not.
 */
function channelFaultOf(error: unknown): unknown {
  const own = error instanceof RelayError && (error.type === 'upstream_error' || error.status === 429);
  return own
    ? new ChannelFault<never>(() => {
        throw error;
      })
    : error;
}

/** The row of an accepted video, and its private data. */
function acceptedRow(
  plan: VideoPlan,
  attempt: VideoAttempt,
  taskId: string,
  upstreamModel: string,
  accepted: AcceptedVideo,
): { row: NewTaskRow<'tasks'>; data: VideoPrivateData } {
  const now = Math.floor(Date.now() / 1000);
  const { model, size } = plan.request;
  const data: VideoPrivateData = {
    upstream_task_id: accepted.upstreamId,
    token_id: plan.caller.tokenId,
    seconds: plan.seconds,
    size,
    size_ratio: plan.sizeRatio,
    model,
    upstream_model: upstreamModel,
    ...(attempt.keyDigest && { key_digest: attempt.keyDigest }),
    ...(plan.remixedFrom && { remixed_from: plan.remixedFrom }),
  };
  const row: NewTaskRow<'tasks'> = {
    created_at: now,
    updated_at: now,
    task_id: taskId,
    platform: String(attempt.channel.type),
    user_id: plan.caller.userId,
    group: plan.caller.group,
    channel_id: attempt.channel.id,
    action: plan.action,
    status: unfinishedStatus(taskStatus(accepted.object.status) ?? accepted.status),
    progress: '0%',
    fail_reason: '',
    submit_time: now,
    properties: JSON.stringify({
      input: plan.request.prompt,
      origin_model_name: model,
      upstream_model_name: upstreamModel,
    }),
    private_data: JSON.stringify(data),
    data: JSON.stringify(accepted.object),
  };
  return { row, data };
}
