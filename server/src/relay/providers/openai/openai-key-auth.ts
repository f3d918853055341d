import { msg } from '../../../i18n/text.ts';
import { channelTypeLabel } from '../channel-type-label.ts';
import type { OpenAIVendor } from './openai-channel-types.ts';
import { RefusedCall } from '../refused-call.ts';
import { zhipuKeyParts, zhipuToken } from './zhipu-token.ts';

/**
 * The Authorization header a vendor takes for one key: Bearer and the key, or for Zhipu's id.secret
 * keys Bearer and a signed JWT. Throws RefusedCall for a key in a format the vendor issues but this
 * gateway does not serve yet, or a key that is malformed; the message names the format, never the key.
 */
export async function vendorAuthorization(vendor: OpenAIVendor, key: string): Promise<string> {
  const unserved = vendor.unservedKey;
  const type = channelTypeLabel(vendor.type);
  if (unserved?.matches(key))
    throw new RefusedCall(
      msg('relay.keyFormatNotServed', { type, format: unserved.format, instead: unserved.instead }),
    );
  if (vendor.auth === 'zhipu-jwt') {
    const parts = zhipuKeyParts(key);
    if (parts === 'malformed') throw new RefusedCall(msg('relay.zhipuKeyMalformed', { type }));
    if (parts) return `Bearer ${await zhipuToken(parts.id, parts.secret)}`;
  }
  return `Bearer ${key}`;
}
