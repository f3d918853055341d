import type { RoutableChannel } from '../../cache/channel-index.ts';
import { channelBaseUrl } from '../../providers/channel-types.ts';
import { geminiTarget, geminiVersion } from '../providers/gemini/gemini-target.ts';
import { pickKey } from '../providers/upstream-target.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { SUBMIT_TIMEOUT_MS } from './sora-provider.ts';
import type { FetchTask } from './task-info.ts';
import { askChannel, readJsonAnswer, upstreamGarbled, upstreamRefusal } from './upstream-answer.ts';
import { operationName, VEO_DEFAULT_SECONDS, veoBody, veoTaskInfo } from './veo-operation.ts';
import type { VideoProvider } from './video-provider.ts';
import type { VideoRequest } from './video-request.ts';
import { fetchResult } from './video-result.ts';
import type { AcceptedVideo } from './video-submit.ts';

/** How long asking about one operation may take (new-api's 15 s). */
const FETCH_TIMEOUT_MS = 15_000;

const keyHeader = (channel: RoutableChannel) => ({ 'x-goog-api-key': pickKey(channel.row.key) });

/** A Gemini error's message and code as OpenAI's error (readJsonAnswer's refusal reads error.message). */
function sendToGemini(
  runtime: RelayRuntime,
  channel: RoutableChannel,
  request: VideoRequest,
  seconds: number,
) {
  return async (upstreamModel: string): Promise<AcceptedVideo> => {
    const target = geminiTarget(channel, upstreamModel, false, {}, 'predictLongRunning');
    const response = await askChannel(runtime.upstream, channel, target.url, {
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify(veoBody(request, seconds)),
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    });
    const { status, json } = await readJsonAnswer(response);
    if (status < 200 || status >= 300) throw upstreamRefusal(status, json);
    const name = operationName(json);
    if (!json || name === '') throw upstreamGarbled();
    return { upstreamId: name, object: json, status: 'QUEUED' };
  };
}

/** GET {base}/{version}/{operation name} with the channel's key. */
const fetchGeminiOperation: FetchTask = async (upstream, channel, { data }, signal) => {
  const base = channelBaseUrl(channel.type, channel.row.base_url);
  const version = geminiVersion(channel, data.upstream_model, {});
  const response = await askChannel(upstream, channel, `${base}/${version}/${data.upstream_task_id}`, {
    method: 'GET',
    headers: keyHeader(channel),
    signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
  });
  const { status, json } = await readJsonAnswer(response);
  return status === 200 && json ? veoTaskInfo(json) : undefined;
};

/**
 * Veo through Gemini channels (type 24): predictLongRunning, the operation fetched until done, the
 * video fetched from its uri with the channel's key (Google serves it only so).
 */
export const GEMINI_VEO: VideoProvider = {
  defaultSeconds: VEO_DEFAULT_SECONDS,
  sizeRatio: () => 1,
  action: () => 'generate',
  submit: sendToGemini,
  fetchTask: fetchGeminiOperation,
  content: (runtime, channel, data) => fetchResult(runtime, channel, data, keyHeader(channel)),
};
