import type { ClientFormat } from '../wire-format.ts';
import { anthropicClient } from './anthropic/anthropic-client.ts';
import type { ClientAdaptor } from './client-adaptor.ts';
import { geminiClient } from './gemini/gemini-client.ts';
import { openAIChatClient } from './openai-chat/openai-chat-client.ts';
import { responsesClient } from './responses/responses-client.ts';

const ADAPTORS: Record<ClientFormat, ClientAdaptor> = {
  openai: openAIChatClient,
  responses: responsesClient,
  anthropic: anthropicClient,
  gemini: geminiClient,
};

export const clientAdaptor = (format: ClientFormat): ClientAdaptor => ADAPTORS[format];
