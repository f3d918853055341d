import { describe, expect, it } from 'vitest';
import { anthropicClient } from './anthropic-client.ts';
import { countAnthropicTokens } from './anthropic-count-tokens.ts';
import { readAnthropicRequest } from './anthropic-request.ts';

const MESSAGES = { path: '/v1/messages', kind: 'chat' } as const;
const read = (body: unknown, headers = {}) => readAnthropicRequest({ endpoint: MESSAGES, body, headers });
const HI = [{ role: 'user', content: 'hi' }];

describe('reading an Anthropic Messages call', () => {
  it('reads model, stream flag, max_tokens, thinking budget and the version headers', () => {
    const original = {
      model: ' claude-sonnet-4-5 ',
      max_tokens: 9000,
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 5000 },
      system: 'Be brief',
      messages: HI,
    };
    const body = read(original, { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'x', cookie: 'no' });
    expect(body).toMatchObject({
      model: 'claude-sonnet-4-5',
      stream: true,
      maxTokens: 9000,
      thinkingBudget: 5000,
      clientFormat: 'anthropic',
      clientHeaders: { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'x' },
    });
    expect(body.clientHeaders).not.toHaveProperty('cookie');
    // Kept as it came for Claude channels; its chat form made for the others.
    expect(body.original).toBe(original);
    expect(anthropicClient.chatCore(body, MESSAGES)).toMatchObject({
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'hi' },
      ],
      max_tokens: 9000,
      stream: true,
    });
  });

  it('has no thinking budget unless thinking is enabled, and no limit without max_tokens', () => {
    expect(read({ model: 'm', messages: HI, thinking: { type: 'disabled' } }).thinkingBudget).toBeUndefined();
    expect(read({ model: 'm', messages: HI })).toMatchObject({
      stream: false,
      maxTokens: 0,
      thinkingBudget: undefined,
    });
  });

  it("refuses bad bodies with a 400 in Anthropic's wording", () => {
    const cases: Array<[unknown, RegExp]> = [
      [[], /must be a JSON object/],
      [{ messages: HI }, /^model: field required/],
      [{ model: 'm' }, /^messages: field required/],
      [{ model: 'm', messages: {} }, /^messages: field required/],
      [{ model: 'm', messages: HI, stream: 'true' }, /^stream must be true or false/],
      [{ model: 'm', messages: HI, max_tokens: -1 }, /^max_tokens must be a whole number/],
      [{ model: 'm', messages: HI, thinking: 'on' }, /^thinking must be an object/],
      [
        { model: 'm', messages: HI, thinking: { type: 'enabled' } },
        /^thinking.budget_tokens: a whole number/,
      ],
      [
        { model: 'm', messages: HI, thinking: { type: 'enabled', budget_tokens: 0 } },
        /^thinking.budget_tokens: a whole number/,
      ],
    ];
    for (const [body, message] of cases) {
      expect(() => read(body), JSON.stringify(body)).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
      );
    }
  });

  it('counts the tokens of a call, more for a longer one, and refuses a bad one the same way', async () => {
    const count = (body: unknown) => countAnthropicTokens({ endpoint: MESSAGES, body, headers: {} });
    const short = await count({ model: 'm', messages: HI });
    const long = await count({ model: 'm', system: 'You answer in verse, always.', messages: HI });
    expect(short.input_tokens).toBeGreaterThan(0);
    expect(long.input_tokens).toBeGreaterThan(short.input_tokens);
    await expect(count({ model: 'm' })).rejects.toMatchObject({
      status: 400,
      message: 'messages: field required',
    });
  });
});
