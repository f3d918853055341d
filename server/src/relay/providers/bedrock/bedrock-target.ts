import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { ownBaseUrlOr } from '../../../providers/channel-types.ts';
import { headerOverrides, type UpstreamTarget } from '../upstream-target.ts';
import type { BedrockCredentials } from './bedrock-key.ts';
import { signAwsRequest } from './sign-aws-request.ts';

/** Bedrock Runtime's own host in a region, used when the channel names no base URL of its own. */
export const bedrockRuntimeUrl = (region: string): string =>
  `https://bedrock-runtime.${region}.amazonaws.com`;

/** A model's actions on Bedrock Runtime: the Converse API, and InvokeModel with the model's own body. */
export type BedrockAction = 'converse' | 'converse-stream' | 'invoke' | 'invoke-with-response-stream';

export interface BedrockCall {
  /** The Bedrock model id (or inference profile); escaped into the path here. */
  modelId: string;
  /** The path's last part. */
  action: BedrockAction;
  body: string;
}

/**
 * The request for one call through a Bedrock channel: POST {base}/model/{modelId}/{action} under
 * the channel's base URL (a VPC endpoint, a proxy) or the region's runtime host.
 */
export function bedrockTarget(
  channel: RoutableChannel,
  credentials: BedrockCredentials,
  call: BedrockCall,
): Promise<UpstreamTarget & { body: string }> {
  const base = ownBaseUrlOr(channel.row.base_url, bedrockRuntimeUrl(credentials.region));
  const url = `${base}/model/${encodeURIComponent(call.modelId)}/${call.action}`;
  return authorizedBedrockPost(channel, credentials, url, call.body);
}

/**
 * A POST of a JSON body to a Bedrock address, signed with SigV4 for the host called (an access
 * key pair) or carrying the Bedrock API key as a Bearer token, with the channel's own headers.
 */
export async function authorizedBedrockPost(
  channel: RoutableChannel,
  credentials: BedrockCredentials,
  url: string,
  body: string,
): Promise<UpstreamTarget & { body: string }> {
  const headers = { ...headerOverrides(channel.row.header_override), 'content-type': 'application/json' };
  if (credentials.mode === 'apikey')
    return { url, headers: { ...headers, authorization: `Bearer ${credentials.apiKey}` }, body };
  const signed = await signAwsRequest({
    method: 'POST',
    url,
    headers,
    body,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    region: credentials.region,
    service: 'bedrock',
  });
  return { url, headers: signed, body };
}
