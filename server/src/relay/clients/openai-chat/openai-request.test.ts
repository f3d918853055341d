import { describe, expect, it } from 'vitest';
import { OPENAI_ENDPOINTS } from '../../call/endpoints.ts';
import { readOpenAIRequest } from './openai-request.ts';

const endpoint = (path: string) => OPENAI_ENDPOINTS.find((e) => e.path === path)!;
const chat = (body: unknown) =>
  readOpenAIRequest({ endpoint: endpoint('/v1/chat/completions'), body, headers: {} });
const MESSAGES = [{ role: 'user', content: 'hi' }];

describe('reading an OpenAI call', () => {
  it('reads model, stream flag, usage option and the larger of the max token fields', () => {
    const body = chat({
      model: ' gpt-4o ',
      messages: MESSAGES,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 100,
      max_completion_tokens: 300,
    });
    expect(body).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      clientWantsUsage: true,
      maxTokens: 300,
      clientFormat: 'openai',
    });
    // The body is kept as it came (an OpenAI channel gets it as is).
    expect(body.json?.messages).toBe(MESSAGES);
    expect(chat({ model: 'm', messages: MESSAGES, max_tokens: null })).toMatchObject({
      stream: false,
      maxTokens: 0,
    });
  });

  it("takes the endpoint's default model when none is named", () => {
    const body = readOpenAIRequest({
      endpoint: endpoint('/v1/audio/speech'),
      body: { input: 'hi' },
      headers: {},
    });
    expect(body.model).toBe('tts-1');
  });

  it('refuses bad bodies with a 400 naming what is wrong', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /must be a JSON object/],
      [[MESSAGES], /must be a JSON object/],
      [{ messages: MESSAGES }, /^model is required/],
      [{ model: '  ', messages: MESSAGES }, /^model is required/],
      [{ model: 'm' }, /^messages is required/],
      [{ model: 'm', messages: 'hi' }, /^messages is required/],
      [{ model: 'm', messages: MESSAGES, stream: 'yes' }, /^stream must be true or false/],
      [{ model: 'm', messages: MESSAGES, max_tokens: -5 }, /^max_tokens must be a whole number/],
      [{ model: 'm', messages: MESSAGES, max_completion_tokens: '9' }, /^max_completion_tokens must be/],
    ];
    for (const [body, message] of cases) {
      expect(() => chat(body), JSON.stringify(body)).toThrow(
        expect.objectContaining({
          status: 400,
          type: 'invalid_request_error',
          message: expect.stringMatching(message),
        }),
      );
    }
  });

  it('asks messages only of chat: an embedding call has none', () => {
    const body = readOpenAIRequest({
      endpoint: endpoint('/v1/embeddings'),
      body: { model: 'text-embedding-3-small', input: 'hi' },
      headers: {},
    });
    expect(body.model).toBe('text-embedding-3-small');
  });
});
