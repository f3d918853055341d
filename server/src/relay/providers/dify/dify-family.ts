import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { readClassifiedError } from '../error-reading.ts';
import { OPENAI_MODEL_LISTING } from '../openai/openai-models.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { headerOverrides, pickKey } from '../upstream-target.ts';
import { DifyToOpenAIChatStream } from './dify-stream-to-openai-chat.ts';
import { fromDifyAnswer } from './dify-to-openai-chat.ts';
import { toDifyChat } from './openai-chat-to-dify.ts';

/** POST {base}/v1/chat-messages with the app's key as a Bearer token. */
const difyTarget = (channel: RoutableChannel) => ({
  url: `${channelBaseUrl(channel.row.type, channel.row.base_url)}/v1/chat-messages`,
  headers: {
    authorization: `Bearer ${pickKey(channel.row.key)}`,
    ...headerOverrides(channel.row.header_override),
  },
});

/**
 * A Dify app (chatflow or agent): every client format's chat, as one query of the conversation.
 * The app answers with its own model and prompt, billed from the usage it reports. It has no
 * model list to fetch (the operator names the models the channel serves).
 */
export const difyFamily: ProviderFamily = {
  name: 'dify',
  format: 'dify',
  servesChat: true,
  request({ endpoint, channel, chat: chatCore }) {
    // Chat and Responses calls alike: whatever has a chat form.
    const chat = chatCore();
    if (chat === undefined) return `a dify channel cannot serve ${endpoint.path}`;
    if (typeof chat === 'string') return chat;
    const native = toDifyChat(chat);
    if (typeof native === 'string') return native;
    return { ...difyTarget(channel), body: JSON.stringify(native) };
  },
  streamToChat: (upstreamModel) => new DifyToOpenAIChatStream(upstreamModel),
  answerToChat: (answer, upstreamModel) => fromDifyAnswer(answer, upstreamModel),
  // An invalid or revoked app key is a 401: no later call through the channel can work.
  readError: (status, headers, text) =>
    readClassifiedError(status, headers, text, (_body, code) => (code === 401 ? { disables: true } : {})),
  models: { ...OPENAI_MODEL_LISTING, url: () => null },
  balance: () => undefined,
};
