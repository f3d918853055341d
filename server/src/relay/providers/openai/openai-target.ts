import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { headerOverrides, pickKey, type UpstreamTarget } from '../upstream-target.ts';
import { openAIVendor } from './openai-channel-types.ts';
import { vendorAuthorization } from './openai-key-auth.ts';
import { vendorPath } from './openai-vendor-path.ts';
import { thenNow, type NowOrLater } from '../../../cache/now-or-later.ts';

/**
 * Where and how to call an OpenAI-format upstream for a call OpenAI would take on `path` (such as
 * /v1/chat/completions): the channel's base URL (else its vendor's default), the vendor's own path
 * for it, and its auth; at once for a plain key. Rejects with RefusedCall when the channel cannot
 * serve the call as configured.
 */
export function openAITarget(channel: RoutableChannel, path: string): NowOrLater<UpstreamTarget> {
  const row = channel.row;
  try {
    const vendor = openAIVendor(row.type);
    const url = `${channelBaseUrl(row.type, row.base_url)}${vendorPath(vendor, path, row.other)}`;
    return thenNow(vendorAuthorization(vendor, pickKey(row.key)), (authorization) => {
      const headers: Record<string, string> = { authorization };
      if (row.openai_organization) headers['openai-organization'] = row.openai_organization;
      return { url, headers: { ...headers, ...headerOverrides(row.header_override) } };
    });
  } catch (error) {
    // A channel that cannot serve the call says so as the asynchronous answer would.
    return Promise.reject(error as Error);
  }
}
