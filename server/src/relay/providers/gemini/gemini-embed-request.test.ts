import { describe, expect, it } from 'vitest';
import { geminiEmbedUpstream } from './gemini-embed-request.ts';

describe("a Gemini client's embedding call sent to a Gemini channel", () => {
  it('goes as it came for one content (the model is in the URL)', () => {
    const call = { content: { parts: [{ text: 'hi' }] }, outputDimensionality: 8 };
    expect(geminiEmbedUpstream(call, 'embedContent', 'text-embedding-004')).toBe(call);
  });

  it('names the upstream model in each request of a batch, as Gemini requires', () => {
    const call = {
      requests: [
        { model: 'models/my-alias', content: { parts: [{ text: 'a' }] } },
        { model: 'models/my-alias', content: { parts: [{ text: 'b' }] } },
      ],
    };
    const sent = geminiEmbedUpstream(call, 'batchEmbedContents', 'text-embedding-004');
    expect((sent.requests as Array<{ model: string }>).map((r) => r.model)).toEqual([
      'models/text-embedding-004',
      'models/text-embedding-004',
    ]);
    expect(call.requests[0]!.model).toBe('models/my-alias');
  });
});
