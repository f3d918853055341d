import { ChannelType } from '@relaygate/contract';
import { msg, render } from '../../../i18n/text.ts';
import { channelTypeLabel } from '../channel-type-label.ts';
import { openAIFamily } from '../openai/openai-family.ts';
import { OPENAI_MODEL_LISTING } from '../openai/openai-models.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { RefusedCall } from '../refused-call.ts';
import { pickKey } from '../upstream-target.ts';
import { hunyuanAnswerFailure, readHunyuanError } from './hunyuan-error.ts';
import { isHunyuanTc3Key, parseHunyuanTc3Key } from './hunyuan-key.ts';
import { HunyuanToOpenAIChatStream } from './hunyuan-stream-to-openai-chat.ts';
import { hunyuanTarget } from './hunyuan-target.ts';
import { fromHunyuanAnswer } from './hunyuan-to-openai-chat.ts';
import { toHunyuanChat } from './openai-chat-to-hunyuan.ts';

const TYPE = ChannelType.Tencent;

/**
 * Tencent Hunyuan (type 23). A channel whose key is AppId|SecretId|SecretKey is served here, by
 * Tencent Cloud's own API (action ChatCompletions, version 2023-09-01, TC3-signed): chat from every
 * client format through the chat core, answers and streams converted back, billed from its Usage,
 * its failures read out of the 200 answers that carry them. A channel with a plain API key goes
 * to Hunyuan's OpenAI-compatible API through the OpenAI family (forKey), as before.
 */
export const hunyuanFamily: ProviderFamily = {
  name: 'hunyuan',
  format: 'hunyuan',
  servesChat: true,
  forKey: (key) => (isHunyuanTc3Key(key) ? hunyuanFamily : openAIFamily),
  request(input) {
    const { endpoint, channel, upstreamModel, chat: chatCore } = input;
    if (!isHunyuanTc3Key(channel.row.key)) return openAIFamily.request(input);
    // Chat and Responses calls alike: whatever has a chat form.
    const chat = chatCore();
    if (chat === undefined) return `a Hunyuan channel with a TC3 key cannot serve ${endpoint.path}`;
    if (typeof chat === 'string') return chat;
    const key = parseHunyuanTc3Key(pickKey(channel.row.key));
    if (!key) return render(msg('relay.hunyuanKeyMalformed', { type: channelTypeLabel(TYPE) }), 'en');
    return hunyuanTarget(channel, key, JSON.stringify(toHunyuanChat(chat, upstreamModel)));
  },
  streamToChat: (upstreamModel) => new HunyuanToOpenAIChatStream(upstreamModel),
  answerToChat: (answer, upstreamModel) => fromHunyuanAnswer(answer, upstreamModel),
  readError: readHunyuanError,
  failureInAnswer: hunyuanAnswerFailure,
  // The OpenAI-compatible API lists its models; Tencent Cloud's API has no list for a TC3 key.
  models: {
    ...OPENAI_MODEL_LISTING,
    url: (base, channelType) => OPENAI_MODEL_LISTING.url(base, channelType ?? TYPE),
    headers: (key, channelType) => {
      if (isHunyuanTc3Key(key))
        throw new RefusedCall(msg('upstream.hunyuanTc3NoModelList', { type: channelTypeLabel(TYPE) }));
      return OPENAI_MODEL_LISTING.headers(key, channelType ?? TYPE);
    },
  },
  balance: () => undefined,
};
