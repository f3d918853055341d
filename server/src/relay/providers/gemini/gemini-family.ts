import type { OptionsCache } from '../../../cache/options-cache.ts';
import type { Json } from '../../formats/types.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { readGeminiError } from './gemini-error.ts';
import { GEMINI_MODEL_LISTING } from './gemini-models.ts';
import { GeminiToOpenAIChatStream } from './gemini-stream-to-openai-chat.ts';
import { geminiEmbedUpstream } from './gemini-embed-request.ts';
import { geminiTarget } from './gemini-target.ts';
import { fromGeminiResponse } from './gemini-to-openai-chat.ts';
import { geminiThinkingFromModel, toGeminiRequest } from './openai-chat-to-gemini.ts';

/** An OpenAI chat as Gemini's generateContent body, with the site's Gemini settings (also Vertex's Gemini models). */
export const geminiChatRequest = (
  settings: OptionsCache,
  chat: Json,
  upstreamModel: string,
  thinkingBudget: number | undefined,
): Json =>
  toGeminiRequest(chat, {
    safetySettings: settings.json<Record<string, string>>('gemini.safety_settings'),
    upstreamModel,
    thinkingBudget,
  });

/** Google's Gemini API: Gemini calls (and embeddings) pass through, the others are converted from chat. */
export const geminiFamily: ProviderFamily = {
  name: 'gemini',
  format: 'gemini',
  servesChat: true,
  request({ settings, endpoint, body, channel, upstreamModel, chat: chatCore, native: call }) {
    const versions = settings.json<Record<string, string>>('gemini.version_settings');
    if (endpoint.geminiAction && call) {
      const action = endpoint.geminiAction;
      const target = geminiTarget(channel, upstreamModel, false, versions, action);
      const native = geminiEmbedUpstream(call.body, action, upstreamModel);
      return { ...target, body: JSON.stringify(native) };
    }
    const chat = chatCore();
    if (chat === undefined) return `a gemini channel cannot serve ${endpoint.path}`;
    if (typeof chat === 'string') return chat;
    const { model } = geminiThinkingFromModel(upstreamModel);
    const native = call ? call.body : geminiChatRequest(settings, chat, upstreamModel, body.thinkingBudget);
    const target = geminiTarget(channel, model, body.stream, versions);
    return { ...target, body: JSON.stringify(native) };
  },
  streamToChat: (upstreamModel) => new GeminiToOpenAIChatStream(upstreamModel),
  answerToChat: (answer, upstreamModel) => fromGeminiResponse(answer, upstreamModel),
  readError: readGeminiError,
  models: GEMINI_MODEL_LISTING,
  balance: () => undefined,
};
