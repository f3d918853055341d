import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../call/endpoints.ts';
import type { RelayBody } from '../../call/relay-body.ts';
import { openAIRequestBody } from './openai-request-body.ts';

const CHAT: Endpoint = { path: '/v1/chat/completions', kind: 'chat' };
const body = (json: Record<string, unknown>, stream = false): RelayBody => ({
  model: String(json.model),
  stream,
  clientWantsUsage: false,
  maxTokens: 0,
  json,
  clientFormat: 'openai',
});
const sent = (value: unknown) => JSON.parse(String(value)) as Record<string, unknown>;

describe('the body an OpenAI-format channel gets', () => {
  it('names the mapped model and leaves the rest of the call as the client sent it', () => {
    const json = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], temperature: 0.3 };
    expect(sent(openAIRequestBody(CHAT, body(json), 'gpt-4o-2024-08-06', true))).toEqual({
      ...json,
      model: 'gpt-4o-2024-08-06',
    });
    expect(json.model).toBe('gpt-4o'); // the client's body is not changed for the next channel tried
  });

  it('asks for usage on streams when the channel type supports it, keeping the stream options given', () => {
    const json = { model: 'm', messages: [], stream: true, stream_options: { include_obfuscation: false } };
    expect(sent(openAIRequestBody(CHAT, body(json, true), 'm', true)).stream_options).toEqual({
      include_obfuscation: false,
      include_usage: true,
    });
    expect(sent(openAIRequestBody(CHAT, body(json, true), 'm', false)).stream_options).toEqual({
      include_obfuscation: false,
    });
  });

  it('fits the call for a reasoning model the model was mapped to', () => {
    const json = { model: 'smart', messages: [], max_tokens: 50, temperature: 0.2 };
    const upstream = sent(openAIRequestBody(CHAT, body(json), 'o4-mini', false));
    expect(upstream).toMatchObject({ model: 'o4-mini', max_completion_tokens: 50 });
    expect(upstream).not.toHaveProperty('max_tokens');
    expect(upstream).not.toHaveProperty('temperature');
  });
});
