import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { pickKey, type UpstreamTarget } from '../upstream-target.ts';

/**
 * The API version: the channel's `other` when set, else gemini.version_settings for the model,
 * else its 'default' entry, else v1beta.
 */
export function geminiVersion(
  channel: RoutableChannel,
  model: string,
  versions: Record<string, string>,
): string {
  const own = channel.row.other?.trim();
  if (own) return own;
  return versions[model] ?? versions.default ?? 'v1beta';
}

/** {base}/{version}/models/{model}:generateContent, or :streamGenerateContent?alt=sse, with x-goog-api-key. */
export function geminiTarget(
  channel: RoutableChannel,
  upstreamModel: string,
  stream: boolean,
  versions: Record<string, string>,
  /** Another action than generating (embedContent, batchEmbedContents). */
  otherAction?: string,
): UpstreamTarget {
  const base = channelBaseUrl(channel.row.type, channel.row.base_url);
  const version = geminiVersion(channel, upstreamModel, versions);
  const action = otherAction ?? (stream ? 'streamGenerateContent?alt=sse' : 'generateContent');
  return {
    url: `${base}/${version}/models/${encodeURIComponent(upstreamModel)}:${action}`,
    headers: { 'x-goog-api-key': pickKey(channel.row.key) },
  };
}
