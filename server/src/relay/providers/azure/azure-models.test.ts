import { describe, expect, it } from 'vitest';
import { AZURE_MODEL_LISTING } from './azure-models.ts';

describe("Azure's model listing", () => {
  it("asks the resource's /v1/models with the key in api-key, and reads OpenAI's list shape", () => {
    expect(AZURE_MODEL_LISTING.url('https://res.openai.azure.com')).toBe(
      'https://res.openai.azure.com/v1/models',
    );
    expect(AZURE_MODEL_LISTING.headers('az-1')).toEqual({ 'api-key': 'az-1' });
    expect(AZURE_MODEL_LISTING.ids({ data: [{ id: 'gpt-4o' }] })).toEqual(['gpt-4o']);
    expect(AZURE_MODEL_LISTING.ids({})).toBeNull();
  });
});
