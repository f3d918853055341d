import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import type { NewTaskRow } from '../../store/task-money.ts';
import type { TaskRow } from '../../store/video-tasks.ts';
import type { Caller } from '../call/caller.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { RelayError } from '../call/relay-error.ts';
import { submitTask, TaskNotRecorded } from '../tasks/submit-task.ts';
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

export interface VideoPlan {
  caller: Caller;
  request: VideoRequest;
  channel: RoutableChannel;
  /** new-api's action: generate, textGenerate, remix… */
  action: string;
  /** The duration charged for: the one asked, else the model's default. */
  seconds: number;
  /** The price's multiplier besides the duration (Sora's size ratio). */
  sizeRatio: number;
  /** Which of the channel's keys `send` uses, on a channel of several (video-key.ts). */
  keyDigest?: string;
  /** A remix: our id of the task it remixes. */
  remixedFrom?: string;
  /** Sends the submission to the channel; a throw (a refusal, no answer) charges nothing. */
  send(upstreamModel: string): Promise<AcceptedVideo>;
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
  const { caller, channel } = plan;
  const { model, size } = plan.request;
  const { seconds } = plan;
  requireModelAllowed(caller, model);
  const price = videoPrice(app.settings, model, caller.group, caller.acceptUnsetRatio, {
    seconds,
    sizeRatio: plan.sizeRatio,
  });
  const taskId = newPublicTaskId();
  const upstreamModel = upstreamModelOf(channel, model);
  let answer: Record<string, unknown> = {};
  try {
    await submitTask(app, runtime, {
      table: 'tasks',
      call: { caller, channelId: channel.id, requestId: request.id, ip: request.ip, startedAt },
      price,
      send: async () => {
        const accepted = await plan.send(upstreamModel);
        const now = Math.floor(Date.now() / 1000);
        const data: VideoPrivateData = {
          upstream_task_id: accepted.upstreamId,
          token_id: caller.tokenId,
          seconds,
          size,
          size_ratio: plan.sizeRatio,
          model,
          upstream_model: upstreamModel,
          ...(plan.keyDigest && { key_digest: plan.keyDigest }),
          ...(plan.remixedFrom && { remixed_from: plan.remixedFrom }),
        };
        const row: NewTaskRow<'tasks'> = {
          created_at: now,
          updated_at: now,
          task_id: taskId,
          platform: String(channel.type),
          user_id: caller.userId,
          group: caller.group,
          channel_id: channel.id,
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
        answer = videoObject({ ...row, id: 0, finish_time: 0, start_time: 0 } as TaskRow, data);
        return { accepted: true, taskId, action: plan.action, row };
      },
    });
  } catch (error) {
    if (error instanceof TaskNotRecorded)
      throw new RelayError(503, msg('video.notRecorded'), 'task_not_recorded');
    throw error;
  }
  return answer;
}
