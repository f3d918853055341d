import { describe, expect, it } from 'vitest';
import { collected, collectedAvailable, fixtureJson } from '../../../../test/support/fixtures.ts';
import type { Endpoint } from '../../call/endpoints.ts';
import { testChat } from '../chat-test-request.ts';
import type { UpstreamRequest } from '../provider-family.ts';
import { noSettings, testChannel } from '../test-channel.test-support.ts';
import { bedrockFamily } from './bedrock-family.ts';

const CHAT: Endpoint = { path: '/v1/messages', kind: 'chat' };
const answersIn = (wire: 'openai' | 'anthropic' | 'gemini', upstreamModel: string, endpoint = CHAT) =>
  bedrockFamily.answersIn!({ wire, endpoint, upstreamModel });

describe('which Bedrock calls pass through', () => {
  it("answers Anthropic chat calls for Claude models in Anthropic's format, every other call in its own", () => {
    expect(answersIn('anthropic', 'claude-sonnet-4-5-20250929')).toBe('anthropic');
    expect(answersIn('anthropic', 'us.anthropic.claude-3-haiku-20240307-v1:0')).toBe('anthropic');
    expect(answersIn('anthropic', 'amazon.nova-pro-v1:0')).toBe('bedrock');
    expect(answersIn('openai', 'claude-sonnet-4-5-20250929')).toBe('bedrock');
    expect(answersIn('gemini', 'claude-sonnet-4-5-20250929')).toBe('bedrock');
    expect(answersIn('anthropic', 'claude-sonnet-4-5-20250929', { path: '/v1/rerank', kind: 'rerank' })).toBe(
      'bedrock',
    );
  });

  it('sends a native call to invoke-with-response-stream when streamed, to converse otherwise', async () => {
    const chat = testChat('claude-3-haiku-20240307');
    const request = (stream: boolean, native: boolean) =>
      bedrockFamily.request({
        settings: noSettings,
        endpoint: CHAT,
        body: { ...chat, stream },
        channel: testChannel({ type: 33, key: 'ABSK-key|us-west-2' }),
        upstreamModel: 'claude-3-haiku-20240307',
        chat: () => ({ ...chat.json, stream }),
        native: native
          ? { body: { model: 'x', stream, max_tokens: 9, messages: [] }, headers: {} }
          : undefined,
      }) as Promise<UpstreamRequest>;
    const id = encodeURIComponent('us.anthropic.claude-3-haiku-20240307-v1:0');
    const streamed = await request(true, true);
    expect(streamed.url).toBe(`https://upstream.example/model/${id}/invoke-with-response-stream`);
    expect(JSON.parse(streamed.body as string)).toEqual({
      max_tokens: 9,
      messages: [],
      anthropic_version: 'bedrock-2023-05-31',
    });
    expect((await request(false, true)).url).toBe(`https://upstream.example/model/${id}/invoke`);
    expect((await request(false, false)).url).toBe(`https://upstream.example/model/${id}/converse`);
  });

  it.skipIf(!collectedAvailable)('reads an InvokeModel answer as Anthropic’s, billed from its usage', () => {
    const answer = fixtureJson(
      collected('bedrock-invoke/invoke-model.anthropic.stop_sequence.live-ybalbert001.json'),
    );
    const converted = bedrockFamily.answerToChat(answer, 'claude-3-haiku-20240307', 'anthropic');
    expect(converted.usage).toMatchObject({ promptTokens: 111, completionTokens: 73 });
    expect(converted.body).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
  });
});
