import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { headerOverrides, pickKey, type UpstreamTarget } from '../upstream-target.ts';

/** Where and how to call an OpenAI-format upstream for `path` (such as /v1/chat/completions). */
export function openAITarget(channel: RoutableChannel, path: string): UpstreamTarget {
  const row = channel.row;
  const headers: Record<string, string> = { authorization: `Bearer ${pickKey(row.key)}` };
  if (row.openai_organization) headers['openai-organization'] = row.openai_organization;
  return {
    url: `${channelBaseUrl(row.type, row.base_url)}${path}`,
    headers: { ...headers, ...headerOverrides(row.header_override) },
  };
}
