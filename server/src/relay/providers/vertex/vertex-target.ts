import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { msg } from '../../../i18n/text.ts';
import { ownBaseUrlOr } from '../../../providers/channel-types.ts';
import { RefusedCall } from '../refused-call.ts';
import { headerOverrides, pickKey, type UpstreamTarget } from '../upstream-target.ts';
import { vertexAccessToken } from './vertex-access-token.ts';
import { pickServiceAccount } from './vertex-credentials.ts';
import { vertexHost, vertexRegion } from './vertex-region.ts';

/** Who publishes a model on Vertex: Anthropic for Claude, Google for every other (as new-api picks). */
export type VertexPublisher = 'google' | 'anthropic';

export const publisherOf = (model: string): VertexPublisher =>
  model.startsWith('claude') ? 'anthropic' : 'google';

/**
 * Vertex's name for a Claude model: the date joined with @ (claude-sonnet-4-5-20250929 →
 * claude-sonnet-4-5@20250929; the second 3.5 Sonnet is claude-3-5-sonnet-v2@20241022). Names
 * without a date, or already with @, are Vertex's own.
 */
export function vertexClaudeModel(model: string): string {
  if (model === 'claude-3-5-sonnet-20241022') return 'claude-3-5-sonnet-v2@20241022';
  return model.replace(/^(claude-.+)-(\d{8})$/, '$1@$2');
}

/** How a channel authenticates: a service account's JSON key (new-api's default), or an API key. */
export function vertexKeyMode(channel: RoutableChannel): 'service-account' | 'api-key' {
  let declared: unknown;
  try {
    declared = (JSON.parse(channel.row.settings ?? '{}') as { vertex_key_type?: unknown }).vertex_key_type;
  } catch {
    declared = undefined;
  }
  if (declared === 'api_key') return 'api-key';
  if (declared === 'json') return 'service-account';
  // Not declared: a JSON key is a service account's, anything else an API key (express mode).
  return /^\s*[[{]/.test(channel.row.key) ? 'service-account' : 'api-key';
}

/** A path segment, encoded, keeping the @ of Vertex's Claude names as it is. */
const segment = (value: string): string => encodeURIComponent(value).replaceAll('%40', '@');

export interface VertexCall {
  channel: RoutableChannel;
  /** The model the client asked for: the region map is read by it first. */
  requestedModel: string;
  /** The model's name on Vertex. */
  model: string;
  publisher: VertexPublisher;
  /** generateContent, streamGenerateContent?alt=sse, rawPredict, streamRawPredict, predict. */
  action: string;
  /** The guarded agent the channel's addresses are reached through, for the token exchange. */
  dispatcher?: Dispatcher;
}

/**
 * Where and how to call a Vertex model. A service account calls
 * {host}/v1/projects/{project}/locations/{region}/publishers/{publisher}/models/{model}:{action}
 * with an OAuth access token; an API key calls {host}/v1/publishers/google/models/{model}:{action}
 * (Google models only). The host is the region's, unless the channel names a base URL of its own
 * (a proxy). Throws RefusedCall for a key that cannot serve the call.
 */
export async function vertexTarget(call: VertexCall): Promise<UpstreamTarget> {
  const { channel, model, publisher, action } = call;
  const region = vertexRegion(channel.row.other, call.requestedModel, model);
  const base = ownBaseUrlOr(channel.row.base_url, vertexHost(region));
  const overrides = headerOverrides(channel.row.header_override);
  if (vertexKeyMode(channel) === 'api-key') {
    if (publisher !== 'google') throw new RefusedCall(msg('relay.vertexApiKeyClaude', { model }));
    return {
      url: `${base}/v1/publishers/google/models/${segment(model)}:${action}`,
      headers: { 'x-goog-api-key': pickKey(channel.row.key), ...overrides },
    };
  }
  const account = pickServiceAccount(channel.row.key);
  const token = await vertexAccessToken(account, call.dispatcher);
  const path = `projects/${segment(account.projectId)}/locations/${segment(region)}`;
  return {
    url: `${base}/v1/${path}/publishers/${publisher}/models/${segment(model)}:${action}`,
    headers: { authorization: `Bearer ${token}`, ...overrides },
  };
}
