import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { AZURE_DEFAULT_API_VERSION } from '../../../providers/channel-type-fields.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { headerOverrides, pickKey, type UpstreamTarget } from '../upstream-target.ts';

/**
 * Where and how to call an Azure OpenAI resource for an OpenAI `path` (such as /v1/chat/completions):
 * the deployment is named after the model (dots removed, as Azure refuses them), the API version
 * is the channel's `other` (else the default), and the key goes in `api-key`.
 */
export function azureTarget(channel: RoutableChannel, path: string, upstreamModel: string): UpstreamTarget {
  const row = channel.row;
  const deployment = encodeURIComponent(upstreamModel.replace(/\./g, ''));
  const version = row.other?.trim() || AZURE_DEFAULT_API_VERSION;
  const url = `${channelBaseUrl(row.type, row.base_url)}/openai/deployments/${deployment}${path.replace(/^\/v1/, '')}?api-version=${encodeURIComponent(version)}`;
  return { url, headers: { 'api-key': pickKey(row.key), ...headerOverrides(row.header_override) } };
}
