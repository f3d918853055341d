import { msg } from '../../../i18n/text.ts';
import { channelTypeLabel } from '../channel-type-label.ts';
import type { OpenAIVendor } from './openai-channel-types.ts';
import { RefusedCall } from '../refused-call.ts';
import { zhipuKeyParts, zhipuToken } from './zhipu-token.ts';
import type { NowOrLater } from '../../../cache/now-or-later.ts';

/**
 * The Authorization header a vendor takes for one key: Bearer and the key (at once, as for nearly
 * every channel), or for Zhipu's id.secret keys Bearer and a signed JWT. Rejects with RefusedCall
 * for a key in a format the vendor issues but this gateway does not serve yet, or a key that is
 * malformed; the message names the format, never the key.
 */
export function vendorAuthorization(vendor: OpenAIVendor, key: string): NowOrLater<string> {
  const unserved = vendor.unservedKey;
  if (unserved?.matches(key)) {
    const type = channelTypeLabel(vendor.type);
    return Promise.reject(
      new RefusedCall(
        msg('relay.keyFormatNotServed', { type, format: unserved.format, instead: unserved.instead }),
      ),
    );
  }
  return vendor.auth === 'zhipu-jwt' ? zhipuAuthorization(vendor, key) : `Bearer ${key}`;
}

async function zhipuAuthorization(vendor: OpenAIVendor, key: string): Promise<string> {
  const parts = zhipuKeyParts(key);
  if (parts === 'malformed')
    throw new RefusedCall(msg('relay.zhipuKeyMalformed', { type: channelTypeLabel(vendor.type) }));
  return parts ? `Bearer ${await zhipuToken(parts.id, parts.secret)}` : `Bearer ${key}`;
}
