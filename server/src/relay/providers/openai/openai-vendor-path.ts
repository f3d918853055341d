import { msg } from '../../../i18n/text.ts';
import { channelTypeLabel } from '../channel-type-label.ts';
import type { OpenAIVendor, VendorEndpoint } from './openai-channel-types.ts';
import { RefusedCall } from '../refused-call.ts';

/** OpenAI's path for each endpoint kind a vendor may have a path of its own for. */
const OPENAI_PATHS: Record<string, VendorEndpoint> = {
  '/v1/chat/completions': 'chat',
  '/v1/embeddings': 'embedding',
  '/v1/rerank': 'rerank',
};

/**
 * The path a vendor is called on for a call OpenAI would take on `openAIPath`: that path itself
 * for a vendor without paths of its own, else the vendor's path for the endpoint kind, with
 * {account} filled from the channel's `other` field. Throws RefusedCall when the vendor has no
 * such endpoint, or the path needs an account the channel does not name.
 */
export function vendorPath(vendor: OpenAIVendor, openAIPath: string, other: string | null): string {
  if (!vendor.paths) return openAIPath;
  const kind = OPENAI_PATHS[openAIPath];
  const template = kind && vendor.paths[kind];
  if (!template) {
    const served = Object.entries(OPENAI_PATHS)
      .filter(([, endpoint]) => vendor.paths![endpoint])
      .map(([path]) => path)
      .join(', ');
    throw new RefusedCall(
      msg('relay.endpointNotServed', { type: channelTypeLabel(vendor.type), path: openAIPath, served }),
    );
  }
  if (!template.includes('{account}')) return template;
  const account = (other ?? '').trim();
  if (account === '')
    throw new RefusedCall(msg('relay.accountIdMissing', { type: channelTypeLabel(vendor.type) }));
  return template.replace('{account}', encodeURIComponent(account));
}
