import { describe, expect, it } from 'vitest';
import { fixtureJson, fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { fromCohereAnswer } from './cohere-to-openai-chat.ts';

const recorded = (name: string) => fixtureJson(`cohere/${name}.json`);
const messageOf = (body: Json) => (body.choices as Json[])[0]!.message as Json;
const finishOf = (body: Json) => (body.choices as Json[])[0]!.finish_reason;

describe.skipIf(!fixturesAvailable)('Cohere v2 answers as OpenAI chat completions (recorded)', () => {
  it('text: the content, stop, and the usage Cohere billed (not the template tokens it read)', () => {
    const { body, usage } = fromCohereAnswer(recorded('cohere-text'), 'command-a-03-2025');
    expect(messageOf(body)).toEqual({ role: 'assistant', content: 'The capital of France is Paris.' });
    expect(finishOf(body)).toBe('stop');
    expect(usage).toEqual({ promptTokens: 12, completionTokens: 7, cachedTokens: 0, reasoningTokens: 0 });
    expect(body).toMatchObject({ object: 'chat.completion', model: 'command-a-03-2025' });
    expect(body.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
  });

  it('tool calls: both calls with their arguments, the tool plan as the content', () => {
    const { body } = fromCohereAnswer(recorded('cohere-tool-call'), 'm');
    const message = messageOf(body);
    expect(finishOf(body)).toBe('tool_calls');
    expect(message.content).toMatch(/^I will use the weather tool/);
    expect(message.tool_calls).toEqual([
      {
        id: 'weather_dqgshstja6p9',
        type: 'function',
        function: { name: 'weather', arguments: '{"location":"San Francisco"}' },
      },
      {
        id: 'cityAttractions_dcxfx4myvx68',
        type: 'function',
        function: { name: 'cityAttractions', arguments: '{"city":"San Francisco"}' },
      },
    ]);
  });

  it('a call whose arguments Cohere wrote as null gets the empty object', () => {
    const call = (
      messageOf(fromCohereAnswer(recorded('cohere-null-args'), 'm').body).tool_calls as Json[]
    )[0]!;
    expect(call.function).toEqual({ name: 'currentTime', arguments: '{}' });
  });

  it('reasoning: thinking blocks as reasoning_content, apart from the answer', () => {
    const message = messageOf(fromCohereAnswer(recorded('cohere-reasoning'), 'm').body);
    expect(message.content).toBe('2 + 2 = 4');
    expect(message.reasoning_content).toMatch(/^Okay, so I need to figure out what 2 \+ 2 is/);
  });

  it('the token limit is length; citations leave the text as it is', () => {
    expect(finishOf(fromCohereAnswer(recorded('cohere-max-tokens'), 'm').body)).toBe('length');
    const cited = messageOf(fromCohereAnswer(recorded('cohere-citations'), 'm').body);
    expect(cited.content).toMatch(
      /^The key benefits mentioned in this document are:\n1\. Automation of tasks/,
    );
  });

  it('embeddings: one OpenAI embedding per text, in order, with the billed input tokens', () => {
    const { body, usage } = fromCohereAnswer(recorded('cohere-embedding'), 'embed-v4.0');
    const data = body.data as Json[];
    expect(data.map((item) => item.index)).toEqual([0, 1]);
    expect((data[0]!.embedding as number[]).slice(0, 2)).toEqual([0.03302002, 0.020904541]);
    expect(body).toMatchObject({
      object: 'list',
      model: 'embed-v4.0',
      usage: { prompt_tokens: 10, total_tokens: 10 },
    });
    expect(usage?.promptTokens).toBe(10);
  });

  it('rerank: the results as Jina-style index and relevance score; no token usage (counted locally)', () => {
    const { body, usage } = fromCohereAnswer(recorded('reranking/cohere-reranking.1'), 'rerank-v3.5');
    expect(body.results).toEqual([
      { index: 1, relevance_score: 0.10183054 },
      { index: 0, relevance_score: 0.03762639 },
    ]);
    expect(usage).toBeUndefined();
  });
});
