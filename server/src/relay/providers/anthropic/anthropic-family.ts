import type { OptionsCache } from '../../../cache/options-cache.ts';
import type { Json } from '../../formats/types.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { readAnthropicError } from './anthropic-error.ts';
import { ANTHROPIC_MODEL_LISTING } from './anthropic-models.ts';
import { AnthropicToOpenAIChatStream } from './anthropic-stream-to-openai-chat.ts';
import { anthropicTarget } from './anthropic-target.ts';
import { fromAnthropicMessage } from './anthropic-to-openai-chat.ts';
import { toAnthropicRequest } from './openai-chat-to-anthropic.ts';

/** An OpenAI chat as Anthropic's Messages body, with the site's Claude settings (also Vertex's Claude models). */
export const anthropicChatRequest = (
  settings: OptionsCache,
  chat: Json,
  upstreamModel: string,
  thinkingBudget: number | undefined,
): Json =>
  toAnthropicRequest(chat, {
    upstreamModel,
    defaultMaxTokens: settings.json<Record<string, number>>('claude.default_max_tokens'),
    thinkingAdapterEnabled: settings.bool('claude.thinking_adapter_enabled'),
    thinkingBudgetPercentage: settings.number('claude.thinking_adapter_budget_tokens_percentage'),
    thinkingBudget,
  });

/** Claude (Anthropic's Messages API): Anthropic calls pass through, the others are converted from chat. */
export const anthropicFamily: ProviderFamily = {
  name: 'anthropic',
  format: 'anthropic',
  servesChat: true,
  request({ settings, endpoint, body, channel, upstreamModel, chat: chatCore, native: call }) {
    const chat = chatCore();
    if (chat === undefined) return `an anthropic channel cannot serve ${endpoint.path}`;
    if (typeof chat === 'string') return chat;
    const native = call
      ? { ...call.body, model: upstreamModel }
      : anthropicChatRequest(settings, chat, upstreamModel, body.thinkingBudget);
    const target = anthropicTarget(
      channel,
      String(native.model ?? upstreamModel),
      settings.json('claude.model_headers_settings'),
      call?.headers ?? {},
    );
    return { ...target, body: JSON.stringify(native) };
  },
  streamToChat: () => new AnthropicToOpenAIChatStream(),
  answerToChat: (answer) => fromAnthropicMessage(answer),
  readError: readAnthropicError,
  models: ANTHROPIC_MODEL_LISTING,
  balance: () => undefined,
};
