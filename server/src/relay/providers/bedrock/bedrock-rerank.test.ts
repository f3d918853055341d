import { describe, expect, it } from 'vitest';
import { fixtureJson, fixturesAvailable } from '../../../../test/support/fixtures.ts';
import { bedrockRerankModelArn, bedrockRerankToJina, toBedrockRerank } from './bedrock-rerank.ts';

describe('Bedrock Rerank', () => {
  it('names a model id by its foundation-model ARN in the region, an ARN as given', () => {
    expect(bedrockRerankModelArn('cohere.rerank-v3-5:0', 'us-west-2')).toBe(
      'arn:aws:bedrock:us-west-2::foundation-model/cohere.rerank-v3-5:0',
    );
    const arn = 'arn:aws:bedrock:eu-central-1::foundation-model/amazon.rerank-v1:0';
    expect(bedrockRerankModelArn(arn, 'us-west-2')).toBe(arn);
  });

  it('sends the query and documents as inline texts, top_n as numberOfResults', () => {
    expect(toBedrockRerank({ query: 'q', documents: ['a', { text: 'b' }], top_n: 1 }, 'arn:m')).toEqual({
      queries: [{ type: 'TEXT', textQuery: { text: 'q' } }],
      sources: ['a', 'b'].map((text) => ({
        type: 'INLINE',
        inlineDocumentSource: { type: 'TEXT', textDocument: { text } },
      })),
      rerankingConfiguration: {
        type: 'BEDROCK_RERANKING_MODEL',
        bedrockRerankingConfiguration: { modelConfiguration: { modelArn: 'arn:m' }, numberOfResults: 1 },
      },
    });
    expect(toBedrockRerank({ documents: ['a'] }, 'arn:m')).toMatch(/query/);
    expect(toBedrockRerank({ query: 'q', documents: [] }, 'arn:m')).toMatch(/documents/);
  });

  it.skipIf(!fixturesAvailable)(
    'answers the recorded results in Jina’s shape, with no usage of its own',
    () => {
      const recorded = fixtureJson('amazon-bedrock/reranking/amazon-bedrock-reranking.1.json');
      expect(bedrockRerankToJina(recorded)).toEqual({
        body: {
          results: [
            { index: 0, relevance_score: 0.5110583305358887 },
            { index: 5, relevance_score: 0.30241215229034424 },
          ],
        },
      });
    },
  );
});
