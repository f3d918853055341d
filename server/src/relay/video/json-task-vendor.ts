import type { RoutableChannel } from '../../cache/channel-index.ts';
import { isFilePart } from '../../http/multipart-spool.ts';
import { channelBaseUrl } from '../../providers/channel-types.ts';
import { pickKey } from '../providers/upstream-target.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { SUBMIT_TIMEOUT_MS } from './sora-provider.ts';
import type { FetchTask, TaskInfo } from './task-info.ts';
import { askChannel, readJsonAnswer, upstreamGarbled, upstreamRefusal } from './upstream-answer.ts';
import type { VideoProvider } from './video-provider.ts';
import type { VideoRequest } from './video-request.ts';
import { fetchResult } from './video-result.ts';
import type { AcceptedVideo } from './video-submit.ts';

/** How long asking about one task may take (new-api's 15 s). */
const FETCH_TIMEOUT_MS = 15_000;

export const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The submission's own fields: a JSON body's, or a form's text fields. */
export function submittedFields(request: VideoRequest): Record<string, unknown> {
  if (request.json) return request.json;
  const parts = request.form?.parts.filter((part) => !isFilePart(part)) ?? [];
  return Object.fromEntries(parts.map((part) => [part.name, (part as { value: string }).value]));
}

/** The images a submission names (new-api's images, or one image), as addresses or base64. */
export function submittedImages(request: VideoRequest): string[] {
  const fields = submittedFields(request);
  const images = Array.isArray(fields.images) ? fields.images : [fields.image];
  return images.filter((image): image is string => typeof image === 'string' && image !== '');
}

/** What an upstream's answer to a submission says: its task id, or its refusal; undefined when it is neither. */
export type SubmitOutcome = { id: string } | { refused: { message?: string; code?: string } } | undefined;

/**
 * One video vendor that takes a JSON submission and is asked about a task with a GET (Vidu,
 * Doubao's Seedance, MiniMax's Hailuo): its paths, its Authorization, its request, how its answers
 * read. The provider built from it (jsonTaskProvider) sends, polls and streams for it.
 */
export interface JsonTaskVendor {
  defaultSeconds: number;
  /** new-api's action of a new task. */
  action(request: VideoRequest): string;
  /** The path a task of this action is submitted to. */
  submitPath(action: string): string;
  /** The path a task is asked about at. */
  pollPath(upstreamId: string): string;
  /** The Authorization header of a channel key. */
  authorization(key: string): string;
  /** Headers a submission needs besides (DashScope's X-DashScope-Async). */
  submitHeaders?: Record<string, string>;
  /** The vendor's request (new-api's convertToRequestPayload). */
  payload(request: VideoRequest, upstreamModel: string, seconds: number, action: string): unknown;
  /** Reads a submission's answer (any status). */
  submitted(status: number, json: Record<string, unknown>): SubmitOutcome;
  /** Reads a task's answer; undefined when it is not about the task. */
  taskInfo(json: Record<string, unknown>): TaskInfo | undefined;
  /**
   * Completes what a poll learned with another call of the channel (`ask` GETs a path, answering
   * its JSON, undefined for any other answer): MiniMax's file address. Undefined: no news yet.
   */
  complete?(
    info: TaskInfo,
    ask: (path: string) => Promise<Record<string, unknown> | undefined>,
  ): Promise<TaskInfo | undefined>;
}

async function call(
  runtime: Pick<RelayRuntime, 'upstream'>,
  vendor: JsonTaskVendor,
  channel: RoutableChannel,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; signal: AbortSignal; headers?: Record<string, string> },
) {
  const url = `${channelBaseUrl(channel.type, channel.row.base_url)}${path}`;
  return askChannel(runtime.upstream, channel, url, {
    method: init.method,
    headers: {
      authorization: vendor.authorization(pickKey(channel.row.key).trim()),
      accept: 'application/json',
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
}

function submitter(vendor: JsonTaskVendor): VideoProvider['submit'] {
  return (runtime, channel, request, seconds) =>
    async (upstreamModel: string): Promise<AcceptedVideo> => {
      const action = vendor.action(request);
      const response = await call(runtime, vendor, channel, vendor.submitPath(action), {
        method: 'POST',
        body: vendor.payload(request, upstreamModel, seconds, action),
        signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
        headers: vendor.submitHeaders,
      });
      const { status, json } = await readJsonAnswer(response);
      if (!json) throw status >= 200 && status < 300 ? upstreamGarbled() : upstreamRefusal(status, undefined);
      const outcome = vendor.submitted(status, json);
      if (!outcome) throw upstreamGarbled();
      if ('refused' in outcome) {
        const { message, code } = outcome.refused;
        throw upstreamRefusal(status >= 300 ? status : 400, message ? { error: { message, code } } : json);
      }
      return { upstreamId: outcome.id, object: json, status: 'SUBMITTED' };
    };
}

function poller(vendor: JsonTaskVendor): FetchTask {
  return async (upstream, channel, { data }, signal) => {
    const ask = async (path: string) => {
      const response = await call({ upstream }, vendor, channel, path, {
        method: 'GET',
        signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
      });
      const { status, json } = await readJsonAnswer(response);
      return status === 200 ? json : undefined;
    };
    const json = await ask(vendor.pollPath(data.upstream_task_id));
    const info = json && vendor.taskInfo(json);
    return info && vendor.complete ? vendor.complete(info, ask) : info;
  };
}

/** The video provider of a JSON task vendor: priced by the duration, its video fetched from the address it gives. */
export const jsonTaskProvider = (vendor: JsonTaskVendor): VideoProvider => ({
  defaultSeconds: vendor.defaultSeconds,
  sizeRatio: () => 1,
  action: (request) => vendor.action(request),
  submit: submitter(vendor),
  fetchTask: poller(vendor),
  content: (runtime, channel, data) => fetchResult(runtime, channel, data),
});
