import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { headerOverrides, pickKey, type UpstreamTarget } from '../upstream-target.ts';
import { openAIVendor } from './openai-channel-types.ts';
import { vendorAuthorization } from './openai-key-auth.ts';
import { vendorPath } from './openai-vendor-path.ts';

/**
 * Where and how to call an OpenAI-format upstream for a call OpenAI would take on `path` (such as
 * /v1/chat/completions): the channel's base URL (else its vendor's default), the vendor's own path
 * for it, and its auth. Throws RefusedCall when the channel cannot serve the call as configured.
 */
export async function openAITarget(channel: RoutableChannel, path: string): Promise<UpstreamTarget> {
  const row = channel.row;
  const vendor = openAIVendor(row.type);
  const url = `${channelBaseUrl(row.type, row.base_url)}${vendorPath(vendor, path, row.other)}`;
  const headers: Record<string, string> = {
    authorization: await vendorAuthorization(vendor, pickKey(row.key)),
  };
  if (row.openai_organization) headers['openai-organization'] = row.openai_organization;
  return { url, headers: { ...headers, ...headerOverrides(row.header_override) } };
}
