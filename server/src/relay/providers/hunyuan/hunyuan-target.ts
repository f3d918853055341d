import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelTypeInfo, ownBaseUrlOr } from '../../../providers/channel-types.ts';
import { headerOverrides, type UpstreamTarget } from '../upstream-target.ts';
import type { HunyuanTc3Key } from './hunyuan-key.ts';
import { tc3Authorization } from './tc3-sign.ts';

/** Tencent Cloud's API 3.0 host for Hunyuan, where a TC3 key is sent when the channel names no other. */
export const HUNYUAN_TC3_URL = 'https://hunyuan.tencentcloudapi.com';
const ACTION = 'ChatCompletions';
const VERSION = '2023-09-01';
/** Sent as it is signed: the relay sends every JSON body with exactly this content type. */
const CONTENT_TYPE = 'application/json';

/**
 * The channel's own base URL, unless it is the OpenAI-compatible API's address (the type's
 * default, which the console fills in): a TC3 call then goes to Tencent Cloud's API host.
 */
function tc3Base(channel: RoutableChannel): string {
  const own = ownBaseUrlOr(channel.row.base_url, HUNYUAN_TC3_URL);
  return own === channelTypeInfo(channel.type)?.defaultBaseUrl ? HUNYUAN_TC3_URL : own;
}

/**
 * A Hunyuan ChatCompletions call with a TC3 key: POST {base}/ with the action, version and
 * timestamp headers, signed with TC3-HMAC-SHA256 for the host called, over the body as sent.
 */
export function hunyuanTarget(
  channel: RoutableChannel,
  key: HunyuanTc3Key,
  body: string,
  now = Date.now(),
): UpstreamTarget & { body: string } {
  const base = tc3Base(channel);
  const timestamp = Math.floor(now / 1000);
  const authorization = tc3Authorization({
    secretId: key.secretId,
    secretKey: key.secretKey,
    service: 'hunyuan',
    host: new URL(base).host,
    contentType: CONTENT_TYPE,
    payload: body,
    timestamp,
  });
  return {
    url: `${base}/`,
    headers: {
      ...headerOverrides(channel.row.header_override),
      authorization,
      'content-type': CONTENT_TYPE,
      'x-tc-action': ACTION,
      'x-tc-version': VERSION,
      'x-tc-timestamp': String(timestamp),
    },
    body,
  };
}
