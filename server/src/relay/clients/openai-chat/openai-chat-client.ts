import { toOpenAIError } from '../../call/relay-error.ts';
import { formatSseData } from '../../answer/sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';
import { openAIModel, openAIModelList } from './openai-models.ts';
import { readOpenAIRequest } from './openai-request.ts';

/** OpenAI chat (and every OpenAI endpoint): the chat core is its own format. */
export const openAIChatClient: ClientAdaptor = {
  wire: 'openai',
  readRequest: readOpenAIRequest,
  chatCore: (body, endpoint) => (endpoint.kind === 'chat' ? body.json : undefined),
  streamFromChat: () => null,
  answerFromChat: (chat) => chat,
  errorBody: (error, requestId) => toOpenAIError(error, requestId),
  streamError: (message) => formatSseData(JSON.stringify({ error: { message, type: 'upstream_error' } })),
  modelList: openAIModelList,
  modelEntry: openAIModel,
};
