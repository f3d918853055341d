import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { fetchSoraTask } from './sora-poll.ts';
import { callSora, soraSubmitBody, type SoraCall } from './sora-upstream.ts';
import { readJsonAnswer, upstreamGarbled, upstreamRefusal } from './upstream-answer.ts';
import type { VideoProvider } from './video-provider.ts';
import { SORA_DEFAULT_SECONDS, soraSizeRatio } from './video-price.ts';
import type { AcceptedVideo } from './video-submit.ts';

/** How long a submission may take upstream (new-api's 60 s). */
export const SUBMIT_TIMEOUT_MS = 60_000;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Sends a submission to an OpenAI-type channel's Videos API (a new video, a remix) and reads its task. */
export function sendToSora(
  runtime: RelayRuntime,
  channel: RoutableChannel,
  path: string,
  body: (upstreamModel: string) => NonNullable<SoraCall['body']>,
) {
  return async (upstreamModel: string): Promise<AcceptedVideo> => {
    const response = await callSora(runtime.upstream, channel, {
      method: 'POST',
      path,
      body: body(upstreamModel),
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    });
    const { status, json } = await readJsonAnswer(response);
    if (status < 200 || status >= 300) throw upstreamRefusal(status, json);
    const upstreamId = text(json?.id) || text(json?.task_id);
    if (!json || upstreamId === '') throw upstreamGarbled();
    return { upstreamId, object: json };
  };
}

/** Sora through OpenAI-type channels: OpenAI's Videos API, priced by seconds and size. */
export const SORA: VideoProvider = {
  defaultSeconds: SORA_DEFAULT_SECONDS,
  sizeRatio: soraSizeRatio,
  action: () => 'generate',
  submit: (runtime, channel, request) =>
    sendToSora(runtime, channel, '/v1/videos', (model) => soraSubmitBody(request, model)),
  fetchTask: fetchSoraTask,
  content: (runtime, channel, data, variant) =>
    callSora(runtime.upstream, channel, {
      method: 'GET',
      path: `/v1/videos/${encodeURIComponent(data.upstream_task_id)}/content${
        variant !== '' ? `?variant=${encodeURIComponent(variant)}` : ''
      }`,
      accept: '*/*',
    }),
};
