import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { ownBaseUrlOr } from '../../../providers/channel-types.ts';
import { headerOverrides, type UpstreamTarget } from '../upstream-target.ts';
import type { BedrockCredentials } from './bedrock-key.ts';
import { signAwsRequest } from './sign-aws-request.ts';

/** Bedrock Runtime's own host in a region, used when the channel names no base URL of its own. */
export const bedrockRuntimeUrl = (region: string): string =>
  `https://bedrock-runtime.${region}.amazonaws.com`;

export interface BedrockCall {
  /** The Bedrock model id (or inference profile); escaped into the path here. */
  modelId: string;
  /** The path's last part: converse or converse-stream. */
  action: 'converse' | 'converse-stream';
  body: string;
}

/**
 * The request for one call through a Bedrock channel: POST {base}/model/{modelId}/{action} under
 * the channel's base URL (a VPC endpoint, a proxy) or the region's runtime host, signed with
 * SigV4 for the host called (an access key pair) or with the Bedrock API key as a Bearer token.
 */
export async function bedrockTarget(
  channel: RoutableChannel,
  credentials: BedrockCredentials,
  call: BedrockCall,
): Promise<UpstreamTarget & { body: string }> {
  const base = ownBaseUrlOr(channel.row.base_url, bedrockRuntimeUrl(credentials.region));
  const url = `${base}/model/${encodeURIComponent(call.modelId)}/${call.action}`;
  const headers = { ...headerOverrides(channel.row.header_override), 'content-type': 'application/json' };
  if (credentials.mode === 'apikey')
    return { url, headers: { ...headers, authorization: `Bearer ${credentials.apiKey}` }, body: call.body };
  const signed = await signAwsRequest({
    method: 'POST',
    url,
    headers,
    body: call.body,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    region: credentials.region,
    service: 'bedrock',
  });
  return { url, headers: signed, body: call.body };
}
