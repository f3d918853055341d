import { describe, expect, it } from 'vitest';
import { modelsByChannelType } from './type-models.ts';

describe('modelsByChannelType', () => {
  const priced = ['gpt-4o', 'o3-mini', 'claude-3-haiku', 'gemini-2.5-pro', 'deepseek-chat', 'llama-3-8b'];

  it("gives each vendor's type its priced models, and every known type an entry", () => {
    const map = modelsByChannelType(priced, []);
    expect(map[1]).toEqual(['gpt-4o', 'o3-mini']);
    expect(map[3]).toEqual(['gpt-4o', 'o3-mini']);
    expect(map[14]).toEqual(['claude-3-haiku']);
    expect(map[24]).toEqual(['gemini-2.5-pro']);
    expect(map[43]).toEqual(['deepseek-chat']);
    expect(map[8]).toEqual([]);
    expect(Object.values(map).flat()).not.toContain('llama-3-8b');
  });

  it('adds the models channels of a type already serve, without repeats', () => {
    const map = modelsByChannelType(priced, [
      { type: 8, models: 'llama-3-8b, my-model' },
      { type: 1, models: 'gpt-4o,ft:gpt-4o:me' },
      { type: 999, models: 'odd' },
    ]);
    expect(map[8]).toEqual(['llama-3-8b', 'my-model']);
    expect(map[1]).toEqual(['ft:gpt-4o:me', 'gpt-4o', 'o3-mini']);
    expect(map[999]).toEqual(['odd']);
  });
});
