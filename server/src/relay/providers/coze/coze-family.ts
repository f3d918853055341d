import { channelBaseUrl } from '../../../providers/channel-types.ts';
import { msg, render } from '../../../i18n/text.ts';
import { channelTypeLabel } from '../channel-type-label.ts';
import { OPENAI_MODEL_LISTING } from '../openai/openai-models.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { headerOverrides, pickKey } from '../upstream-target.ts';
import { cozeBotId } from './coze-bot-id.ts';
import { cozeAnswerFailure, readCozeError } from './coze-error.ts';
import { CozeToOpenAIChatStream } from './coze-stream-to-openai-chat.ts';
import { toCozeChat } from './openai-chat-to-coze.ts';

/**
 * A Coze bot (type 49) through the v3 chat API: every client format's chat, always asked as a
 * stream (a non-streamed client gets the stream assembled into one answer, so no polling of
 * /v3/chat/retrieve is needed), billed from conversation.chat.completed's usage. The bot is named
 * by the channel's `other` field or by the model. Coze has no model list for a token.
 */
export const cozeFamily: ProviderFamily = {
  name: 'coze',
  format: 'coze',
  servesChat: true,
  request({ endpoint, channel, upstreamModel, chat: chatCore }) {
    // Chat and Responses calls alike: whatever has a chat form.
    const chat = chatCore();
    if (chat === undefined) return `a Coze channel cannot serve ${endpoint.path}`;
    if (typeof chat === 'string') return chat;
    const botId = cozeBotId(channel, upstreamModel);
    if (botId === null)
      return render(msg('relay.cozeBotMissing', { type: channelTypeLabel(channel.type) }), 'en');
    return {
      url: `${channelBaseUrl(channel.row.type, channel.row.base_url)}/v3/chat`,
      headers: {
        authorization: `Bearer ${pickKey(channel.row.key)}`,
        ...headerOverrides(channel.row.header_override),
      },
      body: JSON.stringify(toCozeChat(chat, botId)),
    };
  },
  streamToChat: (upstreamModel) => new CozeToOpenAIChatStream(upstreamModel),
  // Calls are always streamed; an answer that is no stream is a failure (failureInAnswer) or empty.
  answerToChat: (_answer, upstreamModel) => ({
    body: {
      object: 'chat.completion',
      model: upstreamModel,
      choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }],
    },
  }),
  readError: readCozeError,
  failureInAnswer: cozeAnswerFailure,
  models: { ...OPENAI_MODEL_LISTING, url: () => null },
  balance: () => undefined,
};
