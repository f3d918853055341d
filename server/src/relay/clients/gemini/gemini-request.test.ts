import { describe, expect, it } from 'vitest';
import { countGeminiTokens } from './gemini-count-tokens.ts';
import { geminiClient } from './gemini-client.ts';
import { readGeminiRequest } from './gemini-request.ts';
import { geminiEndpoint, geminiTarget } from './gemini-target.ts';

const CONTENTS = [{ role: 'user', parts: [{ text: 'hi' }] }];
const read = (target: string, body: unknown) =>
  readGeminiRequest({ endpoint: geminiEndpoint('generateContent'), body, headers: {}, params: { target } });

describe('reading a Gemini call', () => {
  it('takes model and stream flag from the path, max tokens and thinking budget from generationConfig', () => {
    const original = {
      contents: CONTENTS,
      generationConfig: { maxOutputTokens: 8000, thinkingConfig: { thinkingBudget: 3000 } },
    };
    const body = read('gemini-2.5-flash:streamGenerateContent', original);
    expect(body).toMatchObject({
      model: 'gemini-2.5-flash',
      stream: true,
      maxTokens: 8000,
      thinkingBudget: 3000,
      clientFormat: 'gemini',
    });
    expect(body.original).toBe(original);
    expect(geminiClient.chatCore(body, geminiEndpoint('streamGenerateContent'))).toMatchObject({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(read('m:generateContent', { contents: CONTENTS })).toMatchObject({ stream: false, maxTokens: 0 });
  });

  it('reads snake_case spellings too, and -1 (dynamic) or 0 (off) as no budget', () => {
    const body = read('m:generateContent', {
      contents: CONTENTS,
      generation_config: { max_output_tokens: 77, thinking_config: { thinking_budget: 900 } },
    });
    expect(body).toMatchObject({ maxTokens: 77, thinkingBudget: 900 });
    for (const budget of [-1, 0]) {
      const config = { generationConfig: { thinkingConfig: { thinkingBudget: budget } } };
      expect(read('m:generateContent', { contents: CONTENTS, ...config }).thinkingBudget).toBeUndefined();
    }
  });

  it('reads embed calls as an OpenAI embeddings request, with no chat core', () => {
    const embed = geminiEndpoint('embedContent');
    const body = readGeminiRequest({
      endpoint: embed,
      body: { content: { parts: [{ text: 'a' }, { text: 'b' }] }, outputDimensionality: 8 },
      headers: {},
      params: { target: 'text-embedding-004:embedContent' },
    });
    expect(body.json).toEqual({ model: 'text-embedding-004', input: ['a\nb'], dimensions: 8 });
    expect(geminiClient.chatCore(body, embed)).toBeUndefined();
  });

  it('refuses bad bodies with a 400 naming what is wrong', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['hi', /must be a JSON object/],
      [{}, /^contents is required/],
      [{ contents: 'hi' }, /^contents is required/],
      [{ contents: CONTENTS, generationConfig: [] }, /^generationConfig must be an object/],
      [{ contents: CONTENTS, generationConfig: { maxOutputTokens: '9' } }, /maxOutputTokens must be a whole/],
      [
        { contents: CONTENTS, generationConfig: { thinkingConfig: { thinkingBudget: 'high' } } },
        /thinkingBudget must be a whole number/,
      ],
    ];
    for (const [body, message] of cases) {
      expect(() => read('m:generateContent', body), JSON.stringify(body)).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
      );
    }
  });

  it('answers 404 for a path that names no model or an action Gemini does not have', () => {
    expect(geminiTarget('models/x:y:countTokens')).toEqual({ model: 'models/x:y', action: 'countTokens' });
    for (const target of ['gemini-2.5-flash', ':generateContent', 'm:predict', undefined]) {
      expect(() => geminiTarget(target)).toThrow(expect.objectContaining({ status: 404, code: 'not_found' }));
    }
  });

  it('counts tokens of the contents or of the generateContentRequest they wrap', async () => {
    const plain = await countGeminiTokens({ contents: CONTENTS }, 'm');
    const wrapped = await countGeminiTokens(
      {
        generateContentRequest: {
          contents: [...CONTENTS, { role: 'user', parts: [{ text: 'and more words' }] }],
        },
      },
      'm',
    );
    expect(plain.totalTokens).toBeGreaterThan(0);
    expect(wrapped.totalTokens).toBeGreaterThan(plain.totalTokens);
    await expect(countGeminiTokens({ contents: 3 }, 'm')).rejects.toMatchObject({ status: 400 });
  });
});
