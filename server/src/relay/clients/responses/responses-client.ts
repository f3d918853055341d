import { toOpenAIError } from '../../relay-error.ts';
import { formatSseData } from '../../sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';
import { ChatToResponsesStream } from './chat-stream-to-responses.ts';
import { chatToResponsesAnswer } from './chat-to-responses-answer.ts';

/** OpenAI's Responses API, for channels that do not speak it (OpenAI channels get it passed through). */
export const responsesClient: ClientAdaptor = {
  streamFromChat: (model, _promptUsage, request) => new ChatToResponsesStream(model, request),
  answerFromChat: (chat, model, request) => chatToResponsesAnswer(chat, model, request),
  errorBody: (error, requestId) => toOpenAIError(error, requestId),
  streamError: (message) =>
    formatSseData(JSON.stringify({ type: 'error', code: 'upstream_error', message, param: null }), 'error'),
};
