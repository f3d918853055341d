import { describe, expect, it } from 'vitest';
import type { RelayBody } from '../../call/relay-body.ts';
import { openAIPath } from './openai-path.ts';

const input = (
  path: string,
  kind: 'chat' | 'responses' | 'embedding',
  clientFormat: RelayBody['clientFormat'],
) => ({
  endpoint: { path, kind },
  body: { clientFormat } as RelayBody,
});

describe('openAIPath', () => {
  it("keeps the path of OpenAI's own formats", () => {
    expect(openAIPath(input('/v1/chat/completions', 'chat', 'openai'))).toBe('/v1/chat/completions');
    expect(openAIPath(input('/v1/responses', 'responses', 'responses'))).toBe('/v1/responses');
    expect(openAIPath(input('/v1/embeddings', 'embedding', 'gemini'))).toBe('/v1/embeddings');
  });

  it('sends a chat converted from another format to /v1/chat/completions', () => {
    expect(openAIPath(input('/v1/messages', 'chat', 'anthropic'))).toBe('/v1/chat/completions');
    expect(openAIPath(input('/v1beta/models/m:generateContent', 'chat', 'gemini'))).toBe(
      '/v1/chat/completions',
    );
  });
});
