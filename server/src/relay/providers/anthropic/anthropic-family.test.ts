import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import type { RelayBody } from '../../call/relay-body.ts';
import { noSettings, testChannel } from '../test-channel.test-support.ts';
import { anthropicFamily } from './anthropic-family.ts';

const CHAT = { model: 'claude-x', messages: [{ role: 'user', content: 'hi' }], max_tokens: 20 };
const body: RelayBody = {
  model: 'claude-x',
  stream: false,
  clientWantsUsage: false,
  maxTokens: 20,
  json: CHAT,
  clientFormat: 'anthropic',
};
const request = async (native?: Parameters<typeof anthropicFamily.request>[0]['native']) => {
  const answer = await anthropicFamily.request({
    settings: noSettings,
    endpoint: { path: '/v1/chat/completions', kind: 'chat' },
    body,
    channel: testChannel({ type: ChannelType.Anthropic }),
    upstreamModel: 'claude-sonnet-4-5',
    chat: () => CHAT,
    native,
  });
  if (typeof answer === 'string') throw new Error(answer);
  return { ...answer, json: JSON.parse(String(answer.body)) as Record<string, unknown> };
};

describe('the Anthropic family’s request', () => {
  it("sends an Anthropic client's own body on, the model renamed, with its anthropic-beta header", async () => {
    const own = { model: 'claude-x', max_tokens: 20, messages: [], metadata: { user_id: 'u1' } };
    const sent = await request({ body: own, headers: { 'anthropic-beta': 'context-1m-2025-08-07' } });
    expect(sent.json).toEqual({ ...own, model: 'claude-sonnet-4-5' });
    expect(sent.headers['anthropic-beta']).toBe('context-1m-2025-08-07');
    expect(own.model).toBe('claude-x'); // the client's body stays as it came, for the next channel tried
  });

  it('converts the chat core for every other client, and passes none of its headers', async () => {
    const sent = await request();
    expect(sent.json).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 20 });
    expect(sent.json.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    expect(sent.headers['anthropic-beta']).toBeUndefined();
  });
});
