import { channelTypeLabel } from '../channel-type-label.ts';
import { readErrorGenerically } from '../error-reading.ts';
import { OPENAI_MODEL_LISTING } from '../openai/openai-models.ts';
import type { ProviderFamily } from '../provider-family.ts';

/** Why a channel of a type without an adaptor cannot serve a call. */
export const unsupportedReason = (channelType: number): string =>
  `${channelTypeLabel(channelType).en} is not supported yet: it has no adaptor`;

/**
 * Every channel type no family claims (the console's catalogue lists more types than have
 * adaptors): calls and channel tests are refused with a clear reason. Its model list is asked
 * for the OpenAI way, the best guess for filling the channel form.
 */
export const unsupportedFamily: ProviderFamily = {
  name: 'unsupported',
  format: 'openai',
  servesChat: false,
  request: ({ channel }) => unsupportedReason(channel.type),
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
  readError: readErrorGenerically,
  models: OPENAI_MODEL_LISTING,
  balance: () => undefined,
};
