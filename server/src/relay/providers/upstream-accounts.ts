import type { UpstreamAccounts } from '../../ports.ts';
import type { ModelListing } from './provider-family.ts';
import { msg } from '../../i18n/text.ts';
import { getUpstreamJson, UpstreamQueryError } from '../../net/upstream-json.ts';
import { channelTypeLabel } from './channel-type-label.ts';
import { RefusedCall } from './refused-call.ts';
import { providerFor } from './registry.ts';

/** The headers a listing asks with; a key the type cannot take is refused in the reader's language. */
async function listingHeaders(listing: ModelListing, key: string, channelType: number) {
  try {
    return await listing.headers(key, channelType);
  } catch (error) {
    if (error instanceof RefusedCall) throw new UpstreamQueryError(error.text);
    throw error;
  }
}

/** The console's questions to upstream accounts, each asked the way the channel type's family says. */
export const upstreamAccounts: UpstreamAccounts = {
  async listModels(channelType, base, access) {
    const listing = providerFor(channelType).models;
    const url = listing.url(base, channelType);
    if (url === null)
      throw new UpstreamQueryError(msg('upstream.noModelList', { type: channelTypeLabel(channelType) }));
    const body = await getUpstreamJson(url, await listingHeaders(listing, access.key, channelType), access);
    const ids = listing.ids(body);
    if (ids === null) throw new UpstreamQueryError(msg('upstream.notModelList'));
    return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  },
  hasBalance: (channelType) => providerFor(channelType).balance(channelType) !== undefined,
  async balance(channelType, base, access) {
    const query = providerFor(channelType).balance(channelType);
    if (!query) throw new UpstreamQueryError(msg('upstream.balanceUnsupported'));
    return query(base, access);
  },
};
