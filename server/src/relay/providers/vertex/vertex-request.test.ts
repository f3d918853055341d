import { describe, expect, it } from 'vitest';
import type { RelayBody } from '../../call/relay-body.ts';
import { testChat } from '../chat-test-request.ts';
import { noSettings, testChannel } from '../test-channel.test-support.ts';
import { vertexAnswerFormat, vertexPlan } from './vertex-request.ts';

const plan = (upstreamModel: string, stream = false, kind: 'chat' | 'embedding' = 'chat') => {
  const chat = testChat(upstreamModel);
  const body: RelayBody = { ...chat, stream, json: { ...chat.json, stream } };
  if (kind === 'embedding') body.json = { model: upstreamModel, input: 'hi' };
  return vertexPlan({
    settings: noSettings,
    endpoint: { path: kind === 'chat' ? '/v1/chat/completions' : '/v1/embeddings', kind },
    body,
    channel: testChannel({ type: 41 }),
    upstreamModel,
    chat: () => (kind === 'chat' ? body.json : undefined),
  });
};

describe('what Vertex is sent', () => {
  it("sends Claude models Anthropic's body with vertex-2023-10-16 and no model, to rawPredict or streamRawPredict", () => {
    expect(plan('claude-sonnet-4-5-20250929')).toMatchObject({
      model: 'claude-sonnet-4-5@20250929',
      publisher: 'anthropic',
      action: 'rawPredict',
      body: { anthropic_version: 'vertex-2023-10-16', max_tokens: 16 },
    });
    const streamed = plan('claude-opus-4-6', true);
    expect(streamed).toMatchObject({ action: 'streamRawPredict?alt=sse', body: { stream: true } });
    expect((streamed as { body: object }).body).not.toHaveProperty('model');
  });

  it("sends every other model Gemini's body, and embeddings to predict", () => {
    expect(plan('gemini-2.5-flash', true)).toMatchObject({
      model: 'gemini-2.5-flash',
      publisher: 'google',
      action: 'streamGenerateContent?alt=sse',
      body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    });
    expect(plan('text-embedding-005', false, 'embedding')).toEqual({
      model: 'text-embedding-005',
      publisher: 'google',
      action: 'predict',
      body: { instances: [{ content: 'hi' }] },
    });
  });
});

describe('what a Gemini client sends through Vertex', () => {
  const chatEndpoint = { path: '/v1beta/models/{model}:generateContent', kind: 'chat' } as const;

  it('passes its chat calls to Gemini models through, and only those', () => {
    const ask = (wire: 'gemini' | 'openai' | 'anthropic', upstreamModel: string, kind = 'chat' as const) =>
      vertexAnswerFormat({ wire, endpoint: { ...chatEndpoint, kind }, upstreamModel });
    expect(ask('gemini', 'gemini-2.5-flash')).toBe('gemini');
    expect(ask('gemini', 'claude-sonnet-4-5')).toBe('vertex');
    expect(ask('openai', 'gemini-2.5-flash')).toBe('vertex');
    expect(ask('anthropic', 'gemini-2.5-flash')).toBe('vertex');
    expect(
      vertexAnswerFormat({
        wire: 'gemini',
        endpoint: { path: '/v1beta/models/{model}:embedContent', kind: 'embedding' },
        upstreamModel: 'text-embedding-005',
      }),
    ).toBe('vertex');
  });

  it('sends its own body unchanged to generateContent', () => {
    const own = {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      cachedContent: 'projects/p/locations/us-east5/cachedContents/c-1',
      generationConfig: { responseModalities: ['TEXT'], thinkingConfig: { includeThoughts: true } },
    };
    const chat = testChat('gemini-2.5-flash');
    const plan = vertexPlan({
      settings: noSettings,
      endpoint: chatEndpoint,
      body: { ...chat, clientFormat: 'gemini', original: own },
      channel: testChannel({ type: 41 }),
      upstreamModel: 'gemini-2.5-flash',
      chat: () => chat.json,
      native: { body: own, headers: {} },
    });
    expect(plan).toEqual({
      model: 'gemini-2.5-flash',
      publisher: 'google',
      action: 'generateContent',
      body: own,
    });
  });
});
