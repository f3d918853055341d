import type { Dispatcher } from 'undici';
import type { OptionsCache } from '../../cache/options-cache.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { RelayBody } from '../call/relay-body.ts';
import type { ProviderFamily, UpstreamRequest } from './provider-family.ts';

/** The tiny chat a channel test sends: one "hi", 16 tokens at most, not streamed. */
export function testChat(testModel: string): RelayBody {
  return {
    model: testModel,
    stream: false,
    clientWantsUsage: false,
    maxTokens: 16,
    json: { model: testModel, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 },
    clientFormat: 'openai',
  };
}

/** A channel test's request: the family's own request for the tiny chat, as the relay would send it. */
export function chatTestRequest(
  family: ProviderFamily,
  settings: OptionsCache,
  channel: RoutableChannel,
  testModel: string,
  upstreamModel: string,
  /** The guarded agent for the channel's addresses (a family's own calls, e.g. a token exchange). */
  dispatcher?: Dispatcher,
): Promise<UpstreamRequest | string> {
  const body = testChat(testModel);
  return Promise.resolve(
    family.request({
      settings,
      endpoint: { path: '/v1/chat/completions', kind: 'chat' },
      body,
      channel,
      upstreamModel,
      chat: () => body.json,
      dispatcher,
    }),
  );
}
