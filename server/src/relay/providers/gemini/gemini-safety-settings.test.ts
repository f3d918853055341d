import { describe, expect, it } from 'vitest';
import { GEMINI_STANDARD_HARM_CATEGORIES, geminiSafetySettings } from './gemini-safety-settings.ts';

describe('geminiSafetySettings', () => {
  it('applies default to every standard category', () => {
    expect(geminiSafetySettings({ default: 'BLOCK_NONE' })).toEqual(
      GEMINI_STANDARD_HARM_CATEGORIES.map((category) => ({ category, threshold: 'BLOCK_NONE' })),
    );
  });

  it("lets a category's own entry win over default", () => {
    const settings = geminiSafetySettings({
      default: 'BLOCK_NONE',
      HARM_CATEGORY_HATE_SPEECH: 'BLOCK_ONLY_HIGH',
    });
    expect(settings).toContainEqual({ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' });
    expect(settings).toContainEqual({ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' });
    expect(settings).toHaveLength(5);
  });

  it('sends only the named categories without a default, other categories as given', () => {
    expect(
      geminiSafetySettings({ HARM_CATEGORY_HARASSMENT: 'OFF', HARM_CATEGORY_IMAGE_HATE: 'BLOCK_NONE' }),
    ).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_IMAGE_HATE', threshold: 'BLOCK_NONE' },
    ]);
  });

  it('answers undefined when the option is empty', () => {
    expect(geminiSafetySettings({})).toBeUndefined();
  });
});
