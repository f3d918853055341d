import { describe, expect, it } from 'vitest';
import { ANTHROPIC_MODEL_LISTING } from './anthropic-models.ts';

describe("Anthropic's model listing", () => {
  it('asks GET /v1/models for one page of 1000, with x-api-key and the API version', () => {
    expect(ANTHROPIC_MODEL_LISTING.url('https://api.anthropic.com')).toBe(
      'https://api.anthropic.com/v1/models?limit=1000',
    );
    expect(ANTHROPIC_MODEL_LISTING.headers('sk-ant-1')).toEqual({
      'x-api-key': 'sk-ant-1',
      'anthropic-version': '2023-06-01',
    });
  });

  it('reads the ids of the documented list shape', () => {
    const answer = {
      data: [
        { type: 'model', id: 'claude-sonnet-4-5-20250929', display_name: 'Claude Sonnet 4.5' },
        { type: 'model', id: 'claude-haiku-4-5-20251001', display_name: 'Claude Haiku 4.5' },
      ],
      has_more: false,
      first_id: 'claude-sonnet-4-5-20250929',
      last_id: 'claude-haiku-4-5-20251001',
    };
    expect(ANTHROPIC_MODEL_LISTING.ids(answer)).toEqual([
      'claude-sonnet-4-5-20250929',
      'claude-haiku-4-5-20251001',
    ]);
    expect(ANTHROPIC_MODEL_LISTING.ids({ type: 'error', error: {} })).toBeNull();
  });
});
