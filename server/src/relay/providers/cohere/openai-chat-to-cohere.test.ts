import { describe, expect, it } from 'vitest';
import { toCohereChat } from './openai-chat-to-cohere.ts';
import { toCohereEmbed, toCohereRerank } from './cohere-embed-rerank.ts';

describe('OpenAI calls as Cohere v2 requests', () => {
  it('chat: roles, tool calls and results, sampling and stop words in Cohere’s names', () => {
    const body = toCohereChat(
      {
        model: 'client-name',
        stream: true,
        max_tokens: 50,
        temperature: 0.3,
        top_p: 0.9,
        stop: 'END',
        messages: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
        ],
        tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
        tool_choice: 'required',
      },
      { upstreamModel: 'command-a-03-2025' },
    );
    expect(body).toEqual({
      model: 'command-a-03-2025',
      stream: true,
      max_tokens: 50,
      temperature: 0.3,
      p: 0.9,
      stop_sequences: ['END'],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
      ],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
      tool_choice: 'REQUIRED',
    });
  });

  it('structured output and reasoning', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } } };
    const body = toCohereChat(
      {
        messages: [{ role: 'user', content: 'hi' }],
        response_format: { type: 'json_schema', json_schema: { name: 'a', schema } },
        reasoning_effort: 'high',
      },
      { upstreamModel: 'command-a-reasoning-08-2025', thinkingBudget: 2048 },
    );
    expect(body.response_format).toEqual({ type: 'json_object', json_schema: schema });
    expect(body.thinking).toEqual({ type: 'enabled', token_budget: 2048 });
    expect(body.stream).toBe(false);
  });

  it('embeddings: texts to search, float or base64 vectors as asked; token arrays refused', () => {
    expect(toCohereEmbed({ input: 'a', dimensions: 256 }, 'embed-v4.0')).toEqual({
      model: 'embed-v4.0',
      texts: ['a'],
      input_type: 'search_document',
      embedding_types: ['float'],
      output_dimension: 256,
    });
    expect(toCohereEmbed({ input: ['a', 'b'], encoding_format: 'base64' }, 'e')).toMatchObject({
      texts: ['a', 'b'],
      embedding_types: ['base64'],
    });
    expect(toCohereEmbed({ input: [1, 2, 3] }, 'e')).toMatch(/text only/);
  });

  it('rerank: documents as text, top_n kept; a call without a query is refused', () => {
    expect(toCohereRerank({ query: 'q', documents: ['x', { text: 'y' }], top_n: 1 }, 'rerank-v3.5')).toEqual({
      model: 'rerank-v3.5',
      query: 'q',
      documents: ['x', 'y'],
      top_n: 1,
    });
    expect(toCohereRerank({ documents: ['x'] }, 'r')).toMatch(/query/);
  });
});
