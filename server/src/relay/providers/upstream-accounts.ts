import type { UpstreamAccounts } from '../../app-context.ts';
import { msg } from '../../i18n/text.ts';
import { getUpstreamJson, UpstreamQueryError } from '../../net/upstream-json.ts';
import { providerFor } from './registry.ts';

/** The console's questions to upstream accounts, each asked the way the channel type's family says. */
export const upstreamAccounts: UpstreamAccounts = {
  async listModels(channelType, base, access) {
    const listing = providerFor(channelType).models;
    const body = await getUpstreamJson(listing.url(base), listing.headers(access.key), access);
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
