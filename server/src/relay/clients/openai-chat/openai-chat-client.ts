import { toOpenAIError } from '../../relay-error.ts';
import { formatSseData } from '../../sse.ts';
import type { ClientAdaptor } from '../client-adaptor.ts';

/** OpenAI chat (and every OpenAI endpoint): the chat core is its own format. */
export const openAIChatClient: ClientAdaptor = {
  streamFromChat: () => null,
  answerFromChat: (chat) => chat,
  errorBody: (error, requestId) => toOpenAIError(error, requestId),
  streamError: (message) => formatSseData(JSON.stringify({ error: { message, type: 'upstream_error' } })),
};
