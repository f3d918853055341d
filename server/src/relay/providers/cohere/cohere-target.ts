import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import type { EndpointKind } from '../../call/endpoints.ts';
import { headerOverrides, pickKey, type UpstreamTarget } from '../upstream-target.ts';

/** Cohere's v2 API path for each kind of call it serves. */
export const COHERE_PATHS: Partial<Record<EndpointKind, string>> = {
  chat: '/v2/chat',
  embedding: '/v2/embed',
  rerank: '/v2/rerank',
};

/** POST {base}{path} with the key as a Bearer token, under the channel's base URL when it has one. */
export function cohereTarget(channel: RoutableChannel, path: string): UpstreamTarget {
  const row = channel.row;
  return {
    url: `${channelBaseUrl(row.type, row.base_url)}${path}`,
    headers: { authorization: `Bearer ${pickKey(row.key)}`, ...headerOverrides(row.header_override) },
  };
}
