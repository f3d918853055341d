import { geminiErrorBody } from './gemini-error-body.ts';
import { formatSseData } from '../../answer/sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';
import { geminiModel, geminiModelList } from './gemini-models.ts';
import { readGeminiRequest } from './gemini-request.ts';
import { OpenAIChatToGeminiStream } from './openai-chat-stream-to-gemini.ts';
import { openAIChatToGemini } from './openai-chat-to-gemini-response.ts';

/** Google's Gemini API (generateContent, embeddings). */
export const geminiClient: ClientAdaptor = {
  wire: 'gemini',
  readRequest: readGeminiRequest,
  // The chat form was made when the call was read; embeddings have none.
  chatCore: (body, endpoint) => (endpoint.kind === 'chat' ? body.json : undefined),
  streamFromChat: (model) => new OpenAIChatToGeminiStream(model),
  answerFromChat: (chat, model) => openAIChatToGemini(chat, model).body,
  errorBody: (error, requestId) =>
    geminiErrorBody(error.status, `${error.message} (request id: ${requestId})`, error.retryAfterSeconds),
  streamError: (message) =>
    formatSseData(JSON.stringify({ error: { code: 502, message, status: 'UNAVAILABLE' } })),
  modelList: geminiModelList,
  modelEntry: geminiModel,
  // Google's paths, or its key as x-goog-api-key or ?key=.
  recognises: ({ url, headers, query }) => {
    const key = (query as Record<string, unknown> | undefined)?.key;
    return (
      url.startsWith('/v1beta') ||
      Boolean(headers['x-goog-api-key']) ||
      (typeof key === 'string' && key !== '')
    );
  },
};
