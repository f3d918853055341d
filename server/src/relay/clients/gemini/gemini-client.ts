import { geminiErrorBody } from '../../formats/error-shapes.ts';
import { formatSseData } from '../../sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';
import { OpenAIChatToGeminiStream } from './openai-chat-stream-to-gemini.ts';
import { openAIChatToGemini } from './openai-chat-to-gemini-response.ts';

/** Google's Gemini API (generateContent). */
export const geminiClient: ClientAdaptor = {
  streamFromChat: (model) => new OpenAIChatToGeminiStream(model),
  answerFromChat: (chat, model) => openAIChatToGemini(chat, model).body,
  errorBody: (error, requestId) =>
    geminiErrorBody(error.status, `${error.message} (request id: ${requestId})`, error.retryAfterSeconds),
  streamError: (message) =>
    formatSseData(JSON.stringify({ error: { code: 502, message, status: 'UNAVAILABLE' } })),
};
