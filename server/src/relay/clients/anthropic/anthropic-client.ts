import { anthropicErrorBody } from './anthropic-error-body.ts';
import { formatSseData } from '../../answer/sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';
import { anthropicModel, anthropicModelList } from './anthropic-models.ts';
import { readAnthropicRequest } from './anthropic-request.ts';
import { OpenAIChatToAnthropicStream } from './openai-chat-stream-to-anthropic.ts';
import { openAIChatToAnthropic } from './openai-chat-to-anthropic-message.ts';

/** Anthropic's Messages API. */
export const anthropicClient: ClientAdaptor = {
  wire: 'anthropic',
  readRequest: readAnthropicRequest,
  // The chat form was made when the call was read (pricing and limits read it too).
  chatCore: (body, endpoint) => (endpoint.kind === 'chat' ? body.json : undefined),
  streamFromChat: (model, promptUsage) => new OpenAIChatToAnthropicStream(model, promptUsage),
  answerFromChat: (chat, model) => openAIChatToAnthropic(chat, model).body,
  errorBody: (error, requestId) =>
    anthropicErrorBody(error.status, `${error.message} (request id: ${requestId})`),
  streamError: (message) =>
    formatSseData(JSON.stringify({ type: 'error', error: { type: 'api_error', message } }), 'error'),
  modelList: anthropicModelList,
  modelEntry: anthropicModel,
  // Anthropic's SDK sends anthropic-version always, its key as x-api-key or (1.x) a bearer token.
  recognises: (request) => Boolean(request.headers['anthropic-version']),
};
