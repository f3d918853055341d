import { describe, expect, it } from 'vitest';
import { OPENAI_ENDPOINTS } from '../../call/endpoints.ts';
import { responsesClient } from './responses-client.ts';
import { readResponsesRequest } from './responses-request.ts';

const endpoint = OPENAI_ENDPOINTS.find((e) => e.kind === 'responses')!;
const read = (body: unknown) => readResponsesRequest({ endpoint, body, headers: {} });

describe('reading a Responses API call', () => {
  it('reads model, stream flag and max_output_tokens, keeping the body for OpenAI channels', () => {
    const json = { model: 'gpt-5', input: 'hi', stream: true, max_output_tokens: 512 };
    const body = read(json);
    expect(body).toMatchObject({ model: 'gpt-5', stream: true, maxTokens: 512, clientFormat: 'responses' });
    expect(body.json).toBe(json);
    expect(read({ model: 'gpt-5', input: [{ role: 'user', content: 'hi' }] })).toMatchObject({
      stream: false,
      maxTokens: 0,
    });
  });

  it('gives the chat core other channels get, or why it cannot be had', () => {
    const body = read({ model: 'gpt-5', instructions: 'Be brief', input: 'hi', max_output_tokens: 64 });
    expect(responsesClient.chatCore(body, endpoint)).toMatchObject({
      model: 'gpt-5',
      max_tokens: 64,
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'hi' },
      ],
    });
    const chained = read({ model: 'gpt-5', input: 'and then?', previous_response_id: 'resp_1' });
    expect(responsesClient.chatCore(chained, endpoint)).toMatch(
      /previous_response_id needs an OpenAI channel/,
    );
  });

  it('refuses bad bodies with a 400 naming what is wrong', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['hi', /must be a JSON object/],
      [{ input: 'hi' }, /^model is required/],
      [{ model: 'gpt-5', input: 42 }, /^input must be a string or a list/],
      [{ model: 'gpt-5', input: { role: 'user' } }, /^input must be a string or a list/],
      [{ model: 'gpt-5', input: 'hi', stream: 1 }, /^stream must be true or false/],
      [{ model: 'gpt-5', input: 'hi', max_output_tokens: 1.5 }, /^max_output_tokens must be a whole number/],
    ];
    for (const [body, message] of cases) {
      expect(() => read(body), JSON.stringify(body)).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
      );
    }
  });
});
