import { toOpenAIError } from '../../call/relay-error.ts';
import { formatSseData } from '../../answer/sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';
import { openAIModel, openAIModelList } from '../openai-chat/openai-models.ts';
import { ChatToResponsesStream } from './chat-stream-to-responses.ts';
import { chatToResponsesAnswer } from './chat-to-responses-answer.ts';
import { readResponsesRequest } from './responses-request.ts';
import { responsesToChat } from './responses-request-to-chat.ts';

/** OpenAI's Responses API, for channels that do not speak it (OpenAI channels get it passed through). */
export const responsesClient: ClientAdaptor = {
  wire: 'openai',
  readRequest: readResponsesRequest,
  chatCore: (body) => (body.json ? responsesToChat(body.json) : undefined),
  streamFromChat: (model, _promptUsage, request) => new ChatToResponsesStream(model, request),
  answerFromChat: (chat, model, request) => chatToResponsesAnswer(chat, model, request),
  errorBody: (error, requestId) => toOpenAIError(error, requestId),
  streamError: (message) =>
    formatSseData(JSON.stringify({ type: 'error', code: 'upstream_error', message, param: null }), 'error'),
  // The Responses API's clients are OpenAI's: the same model list.
  modelList: openAIModelList,
  modelEntry: openAIModel,
};
