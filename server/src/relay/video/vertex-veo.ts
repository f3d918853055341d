import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import { RefusedCall } from '../providers/refused-call.ts';
import { vertexTarget } from '../providers/vertex/vertex-target.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { RelayError } from '../call/relay-error.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';
import { SUBMIT_TIMEOUT_MS } from './sora-provider.ts';
import type { FetchTask } from './task-info.ts';
import { askChannel, readJsonAnswer, upstreamGarbled, upstreamRefusal } from './upstream-answer.ts';
import { operationName, VEO_DEFAULT_SECONDS, veoBody, veoTaskInfo } from './veo-operation.ts';
import type { VideoProvider } from './video-provider.ts';
import type { VideoRequest } from './video-request.ts';
import type { AcceptedVideo } from './video-submit.ts';

/** How long asking about one operation may take (new-api's 15 s). */
const FETCH_TIMEOUT_MS = 15_000;

/**
 * POSTs to a Google model's action on Vertex (predictLongRunning, fetchPredictOperation) with the
 * channel's service account token (or API key), the region as the channel maps it.
 */
async function postVertex(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  model: string,
  action: string,
  body: Record<string, unknown>,
  signal: AbortSignal,
) {
  let target;
  try {
    target = await vertexTarget({
      channel,
      requestedModel: model,
      model,
      publisher: 'google',
      action,
      dispatcher: upstream.dispatcherFor(channel.row.address_trusted !== 0),
    });
  } catch (error) {
    if (error instanceof RefusedCall)
      throw new RelayError(502, error.text, 'channel_key_invalid', 'upstream_error');
    throw error;
  }
  const response = await askChannel(upstream, channel, target.url, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return readJsonAnswer(response);
}

function sendToVertex(
  runtime: RelayRuntime,
  channel: RoutableChannel,
  request: VideoRequest,
  seconds: number,
) {
  return async (upstreamModel: string): Promise<AcceptedVideo> => {
    const { status, json } = await postVertex(
      runtime.upstream,
      channel,
      upstreamModel,
      'predictLongRunning',
      veoBody(request, seconds),
      AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    );
    if (status < 200 || status >= 300) throw upstreamRefusal(status, json);
    const name = operationName(json);
    if (!json || name === '') throw upstreamGarbled();
    return { upstreamId: name, object: json, status: 'QUEUED' };
  };
}

/** POST …:fetchPredictOperation {operationName}. */
const fetchVertexOperation: FetchTask = async (upstream, channel, { data }, signal) => {
  const { status, json } = await postVertex(
    upstream,
    channel,
    data.upstream_model,
    'fetchPredictOperation',
    { operationName: data.upstream_task_id },
    AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
  );
  return status === 200 && json ? veoTaskInfo(json) : undefined;
};

/**
 * Veo through Vertex AI channels (type 41): predictLongRunning and fetchPredictOperation. Its
 * videos are written to the caller's Cloud Storage bucket (parameters.storageUri), named in the
 * video object's metadata; the gateway does not serve them.
 */
export const VERTEX_VEO: VideoProvider = {
  defaultSeconds: VEO_DEFAULT_SECONDS,
  sizeRatio: () => 1,
  action: () => 'generate',
  submit: sendToVertex,
  fetchTask: fetchVertexOperation,
  content: (_runtime, _channel, data) =>
    Promise.reject(
      new RelayError(
        400,
        data.upstream_url ? msg('video.inBucket', { url: data.upstream_url }) : msg('video.notReady'),
        'video_not_served',
        'invalid_request_error',
      ),
    ),
};
