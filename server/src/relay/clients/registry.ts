/**
 * The client formats the gateway speaks, each one folder beside this file behind `ClientAdaptor`
 * (client-adaptor.ts): its requests read and checked (with their OpenAI-chat core), answers and
 * streams from the chat core, errors and the model list in its own shapes.
 *
 * To add a client format: make its folder here (an adaptor implementing every member, with unit
 * tests beside each reader and converter), add its name to ClientFormat (formats/format-names.ts) and one line to
 * ADAPTORS below (the compiler asks for both), and register its routes (a `<format>-routes.ts` in its folder that hands
 * each request to `relayThrough` with its adaptor). registry.test.ts checks every adaptor answers
 * every member.
 */
import { anthropicClient } from './anthropic/anthropic-client.ts';
import type { ClientFormat } from '../formats/format-names.ts';
import type { ClientAdaptor, SharedPathRequest } from './client-adaptor.ts';
import { geminiClient } from './gemini/gemini-client.ts';
import { openAIChatClient } from './openai-chat/openai-chat-client.ts';
import { responsesClient } from './responses/responses-client.ts';

const ADAPTORS = {
  openai: openAIChatClient,
  responses: responsesClient,
  anthropic: anthropicClient,
  gemini: geminiClient,
} satisfies Record<ClientFormat, ClientAdaptor>;

/** Every client format, in registry order. */
export const CLIENT_FORMATS = Object.keys(ADAPTORS) as ClientFormat[];

export const clientAdaptor = (format: ClientFormat): ClientAdaptor => ADAPTORS[format];

/**
 * The format of a request to a path every format shares (the model list, a path the relay does
 * not serve), as new-api tells them: the first adaptor that recognises it, else OpenAI's.
 */
export function sharedPathFormat(request: SharedPathRequest): ClientFormat {
  return CLIENT_FORMATS.find((format) => ADAPTORS[format].recognises?.(request)) ?? 'openai';
}
