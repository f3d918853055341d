import { describe, expect, it } from 'vitest';
import { toVertexEmbed, vertexEmbedToOpenAI } from './vertex-embeddings.ts';

describe('Vertex text embeddings', () => {
  it('sends one instance per text, the dimensions as outputDimensionality; refuses token arrays', () => {
    expect(toVertexEmbed({ input: ['a', 'b'], dimensions: 256 })).toEqual({
      instances: [{ content: 'a' }, { content: 'b' }],
      parameters: { outputDimensionality: 256 },
    });
    expect(toVertexEmbed({ input: [1, 2] })).toContain('embeds text only');
  });

  it("answers OpenAI's list, billed by the sum of token_count", () => {
    const answer = vertexEmbedToOpenAI(
      {
        predictions: [
          { embeddings: { statistics: { token_count: 5 }, values: [0.1] } },
          { embeddings: { statistics: { token_count: 6 }, values: [0.2] } },
        ],
      },
      'text-embedding-005',
    );
    expect(answer.body).toMatchObject({
      object: 'list',
      data: [
        { index: 0, embedding: [0.1] },
        { index: 1, embedding: [0.2] },
      ],
      usage: { prompt_tokens: 11 },
    });
    expect(answer.usage?.promptTokens).toBe(11);
  });
});
