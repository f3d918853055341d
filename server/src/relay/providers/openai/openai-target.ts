import { ChannelType } from '@relaygate/contract';
import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';

export const AZURE_DEFAULT_API_VERSION = '2025-04-01-preview';

export interface UpstreamTarget {
  url: string;
  headers: Record<string, string>;
}

/** A multi-key channel holds one key per line; each call takes one at random. */
export function pickKey(key: string): string {
  const keys = key
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length <= 1) return keys[0] ?? '';
  return keys[Math.floor(Math.random() * keys.length)]!;
}

function headerOverrides(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), String(v)]));
  } catch {
    return {};
  }
}

/**
 * Where and how to call an OpenAI-format upstream for `path` (such as /v1/chat/completions).
 * Azure names a deployment after the model (dots removed) and takes the API version from `other`.
 */
export function openAITarget(channel: RoutableChannel, path: string, upstreamModel: string): UpstreamTarget {
  const row = channel.row;
  const base = channelBaseUrl(row.type, row.base_url);
  const key = pickKey(row.key);
  const headers: Record<string, string> = {};
  let url: string;
  if (row.type === ChannelType.Azure) {
    const deployment = encodeURIComponent(upstreamModel.replace(/\./g, ''));
    const version = row.other?.trim() || AZURE_DEFAULT_API_VERSION;
    url = `${base}/openai/deployments/${deployment}${path.replace(/^\/v1/, '')}?api-version=${encodeURIComponent(version)}`;
    headers['api-key'] = key;
  } else {
    url = `${base}${path}`;
    headers.authorization = `Bearer ${key}`;
    if (row.openai_organization) headers['openai-organization'] = row.openai_organization;
  }
  return { url, headers: { ...headers, ...headerOverrides(row.header_override) } };
}
