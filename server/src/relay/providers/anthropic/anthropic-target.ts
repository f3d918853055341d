import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { pickKey, type UpstreamTarget } from '../upstream-target.ts';

export const ANTHROPIC_VERSION = '2023-06-01';

/** claude.model_headers_settings: extra headers per model (e.g. anthropic-beta), values joined by commas. */
function modelHeaders(
  settings: Record<string, Record<string, string | string[]>>,
  model: string,
): Record<string, string> {
  const entry = settings[model] ?? {};
  return Object.fromEntries(
    Object.entries(entry).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(',') : value,
    ]),
  );
}

/** POST {base}/v1/messages with x-api-key and anthropic-version, as Anthropic takes it. */
export function anthropicTarget(
  channel: RoutableChannel,
  upstreamModel: string,
  headerSettings: Record<string, Record<string, string | string[]>>,
  clientHeaders: Record<string, string | string[] | undefined> = {},
): UpstreamTarget {
  const base = channelBaseUrl(channel.row.type, channel.row.base_url);
  const headers: Record<string, string> = {
    'x-api-key': pickKey(channel.row.key),
    'anthropic-version':
      typeof clientHeaders['anthropic-version'] === 'string'
        ? clientHeaders['anthropic-version']
        : ANTHROPIC_VERSION,
  };
  // A client speaking Anthropic may ask for beta features; pass its request on.
  if (typeof clientHeaders['anthropic-beta'] === 'string')
    headers['anthropic-beta'] = clientHeaders['anthropic-beta'];
  return {
    url: `${base}/v1/messages`,
    headers: { ...headers, ...modelHeaders(headerSettings, upstreamModel) },
  };
}
