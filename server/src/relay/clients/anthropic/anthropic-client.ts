import { anthropicErrorBody } from '../../formats/error-shapes.ts';
import { formatSseData } from '../../sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';
import { OpenAIChatToAnthropicStream } from './openai-chat-stream-to-anthropic.ts';
import { openAIChatToAnthropic } from './openai-chat-to-anthropic-message.ts';

/** Anthropic's Messages API. */
export const anthropicClient: ClientAdaptor = {
  streamFromChat: (model, promptUsage) => new OpenAIChatToAnthropicStream(model, promptUsage),
  answerFromChat: (chat, model) => openAIChatToAnthropic(chat, model).body,
  errorBody: (error, requestId) =>
    anthropicErrorBody(error.status, `${error.message} (request id: ${requestId})`),
  streamError: (message) =>
    formatSseData(JSON.stringify({ type: 'error', error: { type: 'api_error', message } }), 'error'),
};
