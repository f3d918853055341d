import { ChannelType } from '@relaygate/contract';
import { dataIds } from '../data-ids.ts';
import type { ModelListing } from '../provider-family.ts';
import { openAIVendor } from './openai-channel-types.ts';
import { vendorAuthorization } from './openai-key-auth.ts';

/**
 * GET {base}{path} with the vendor's auth, answered in OpenAI's list shape: /v1/models for OpenAI
 * and the APIs that copy it, the vendor's own path where it has one, none where it has no list.
 */
export const OPENAI_MODEL_LISTING: ModelListing = {
  url: (base, channelType) => {
    const path = openAIVendor(channelType ?? ChannelType.OpenAI).models;
    return path === null ? null : `${base}${path}`;
  },
  headers: async (key, channelType) => ({
    authorization: await vendorAuthorization(openAIVendor(channelType ?? ChannelType.OpenAI), key),
  }),
  ids: dataIds,
};
