import { describe, expect, it } from 'vitest';
import { countPromptTokens, estimatePromptTokens, roughTokens } from './token-counter.ts';

const chat = (...contents: string[]) => ({
  model: 'm',
  messages: contents.map((content) => ({ role: 'user', content })),
});

describe('the prompt estimate of a streamed answer’s start', () => {
  it('counts new-api’s chat overhead, not only the words: a short question is not 1 token', () => {
    expect(estimatePromptTokens(chat('hi'))).toBe(1 + 3 + 3);
    expect(estimatePromptTokens(chat('hi', 'there'))).toBe(roughTokens('hi\nthere') + 2 * 3 + 3);
  });

  it('counts a Chinese character as a token, not a quarter of one', () => {
    expect(roughTokens('你好，世界')).toBe(5);
    expect(roughTokens('hello world!')).toBe(3);
  });

  it('stays near the tokenizer’s count with the same overhead', async () => {
    const english = chat(
      'Summarise the plot of a detective novel set in a lighthouse, in three sentences, for a child.',
    );
    const chinese = chat('请用三句话为孩子概括一部发生在灯塔里的侦探小说的情节。');
    for (const body of [english, chinese]) {
      const counted = await countPromptTokens(body);
      const estimated = estimatePromptTokens(body);
      expect(estimated / counted).toBeGreaterThan(0.7);
      expect(estimated / counted).toBeLessThan(1.6);
    }
  });
});
