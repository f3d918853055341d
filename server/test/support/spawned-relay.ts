import OpenAI from 'openai';
import { ConsoleClient } from './console-client.ts';
import type { MockUpstream } from './mock-upstream.ts';

/** An OpenAI chat answer with 100 prompt and 50 completion tokens. */
export const CHAT_ANSWER = {
  id: 'c1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
};

/**
 * For a gateway started with INITIAL_ROOT_ACCESS_TOKEN: root's console client, after creating a
 * channel to `mock` for gpt-4o-mini (which answers CHAT_ANSWER).
 */
export async function rootWithMockChannel(
  gatewayUrl: string,
  accessToken: string,
  mock: MockUpstream,
): Promise<ConsoleClient> {
  mock.reply('/v1/chat/completions', { json: CHAT_ANSWER });
  const root = new ConsoleClient(gatewayUrl);
  root.bearer = accessToken;
  root.userId = 1;
  const created = await root.post('/api/channel/', {
    name: 'mock',
    type: 1,
    key: 'sk-up',
    base_url: mock.url,
    models: 'gpt-4o-mini',
    group: 'default',
  });
  if (!created.body.success) throw new Error(`channel not created: ${created.body.message}`);
  return root;
}

/** A gpt-4o-mini chat call through the official client, with the API error when it fails. */
export function chatCall(
  gatewayUrl: string,
  key: string,
  timeoutMs = 30_000,
): Promise<{ status: number; error?: { message?: string; code?: string } }> {
  return new OpenAI({
    apiKey: key,
    baseURL: `${gatewayUrl}/v1`,
    maxRetries: 0,
    timeout: timeoutMs,
  }).chat.completions
    .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
    .then(
      () => ({ status: 200 }),
      (error: { status?: number; error?: { message?: string; code?: string } }) => ({
        status: error.status ?? 0,
        error: error.error ?? {},
      }),
    );
}
