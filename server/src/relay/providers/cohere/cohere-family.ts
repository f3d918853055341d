import type { ProviderFamily } from '../provider-family.ts';
import { toCohereEmbed, toCohereRerank } from './cohere-embed-rerank.ts';
import { readCohereError } from './cohere-error.ts';
import { COHERE_MODEL_LISTING } from './cohere-models.ts';
import { CohereToOpenAIChatStream } from './cohere-stream-to-openai-chat.ts';
import { COHERE_PATHS, cohereTarget } from './cohere-target.ts';
import { fromCohereAnswer } from './cohere-to-openai-chat.ts';
import { toCohereChat } from './openai-chat-to-cohere.ts';

/** Cohere's v2 API: chat (from every client format, through the chat core), embeddings and rerank. */
export const cohereFamily: ProviderFamily = {
  name: 'cohere',
  format: 'cohere',
  servesChat: true,
  request({ endpoint, body, channel, upstreamModel, chat: chatCore }) {
    // Chat and Responses calls alike go to chat: whatever has a chat form.
    const path = COHERE_PATHS[endpoint.kind === 'responses' ? 'chat' : endpoint.kind];
    if (!path) return `a cohere channel cannot serve ${endpoint.path}`;
    let native;
    if (path === COHERE_PATHS.chat) {
      const chat = chatCore();
      if (chat === undefined) return `a cohere channel cannot serve ${endpoint.path}`;
      if (typeof chat === 'string') return chat;
      native = toCohereChat(chat, { upstreamModel, thinkingBudget: body.thinkingBudget });
    } else {
      const json = body.json ?? {};
      native =
        endpoint.kind === 'embedding'
          ? toCohereEmbed(json, upstreamModel)
          : toCohereRerank(json, upstreamModel);
      if (typeof native === 'string') return native;
    }
    return { ...cohereTarget(channel, path), body: JSON.stringify(native) };
  },
  streamToChat: (upstreamModel) => new CohereToOpenAIChatStream(upstreamModel),
  answerToChat: (answer, upstreamModel) => fromCohereAnswer(answer, upstreamModel),
  readError: readCohereError,
  models: COHERE_MODEL_LISTING,
  balance: () => undefined,
};
