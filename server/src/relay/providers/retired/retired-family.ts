import { msg, render } from '../../../i18n/text.ts';
import { channelTypeLabel } from '../channel-type-label.ts';
import { readErrorGenerically } from '../error-reading.ts';
import { OPENAI_MODEL_LISTING } from '../openai/openai-models.ts';
import type { ProviderFamily } from '../provider-family.ts';

/** Why a channel of a retired type (its provider's API is gone) cannot serve a call, in English for the relay. */
export const retiredReason = (channelType: number): string =>
  render(msg('relay.typeRetired', { type: channelTypeLabel(channelType) }), 'en');

/**
 * The channel types whose provider's API no longer exists (Google PaLM, AI Proxy Library): the
 * catalogue marks them retired. Their imported channels stay listed and editable; every call and
 * test through them is refused saying why, and their model list is never asked.
 */
export const retiredFamily: ProviderFamily = {
  name: 'retired',
  format: 'openai',
  servesChat: false,
  request: ({ channel }) => retiredReason(channel.type),
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
  readError: readErrorGenerically,
  models: { ...OPENAI_MODEL_LISTING, url: () => null },
  balance: () => undefined,
};
