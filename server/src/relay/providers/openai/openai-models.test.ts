import { describe, expect, it } from 'vitest';
import { OPENAI_MODEL_LISTING } from './openai-models.ts';

describe("OpenAI's model listing", () => {
  it('asks GET /v1/models with a bearer key', () => {
    expect(OPENAI_MODEL_LISTING.url('https://api.openai.com')).toBe('https://api.openai.com/v1/models');
    expect(OPENAI_MODEL_LISTING.headers('sk-1')).toEqual({ authorization: 'Bearer sk-1' });
  });

  it('reads the ids of the documented list shape, and refuses anything else', () => {
    const answer = {
      object: 'list',
      data: [
        { id: 'gpt-4o-mini', object: 'model', created: 1721172741, owned_by: 'system' },
        { id: 'o3', object: 'model', created: 1744225308, owned_by: 'system' },
      ],
    };
    expect(OPENAI_MODEL_LISTING.ids(answer)).toEqual(['gpt-4o-mini', 'o3']);
    expect(OPENAI_MODEL_LISTING.ids({ data: [null, {}] })).toEqual([undefined, undefined]);
    expect(OPENAI_MODEL_LISTING.ids({ models: [] })).toBeNull();
    expect(OPENAI_MODEL_LISTING.ids(null)).toBeNull();
  });
});
