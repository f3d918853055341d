import { describe, expect, it } from 'vitest';
import { GEMINI_MODEL_LISTING } from './gemini-models.ts';

describe("Gemini's model listing", () => {
  it('asks GET /v1beta/models for one page of 1000, with x-goog-api-key', () => {
    expect(GEMINI_MODEL_LISTING.url('https://generativelanguage.googleapis.com')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000',
    );
    expect(GEMINI_MODEL_LISTING.headers('AIza-1')).toEqual({ 'x-goog-api-key': 'AIza-1' });
  });

  it('reads the model names of the documented list shape, without their models/ prefix', () => {
    const answer = {
      models: [
        { name: 'models/gemini-2.5-flash', displayName: 'Gemini 2.5 Flash', supportedGenerationMethods: [] },
        { name: 'models/text-embedding-004', displayName: 'Text Embedding 004' },
        { displayName: 'nameless' },
      ],
      nextPageToken: 'abc',
    };
    expect(GEMINI_MODEL_LISTING.ids(answer)).toEqual(['gemini-2.5-flash', 'text-embedding-004', '']);
    expect(GEMINI_MODEL_LISTING.ids({ data: [] })).toBeNull();
  });
});
