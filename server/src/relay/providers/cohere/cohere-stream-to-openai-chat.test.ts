import { describe, expect, it } from 'vitest';
import { fixtureChunks, fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { CohereToOpenAIChatStream } from './cohere-stream-to-openai-chat.ts';

function replay(name: string) {
  const converter = new CohereToOpenAIChatStream('command-a-03-2025');
  const events = fixtureChunks(`cohere/${name}.chunks.txt`).map((line) => JSON.parse(line) as Json);
  const chunks = [...events.flatMap((data) => converter.push({ data })), ...converter.end()];
  const deltas = chunks.flatMap((chunk) => (chunk.choices as Json[] | undefined) ?? []);
  const text = (key: string) => deltas.map((choice) => (choice.delta as Json)[key] ?? '').join('');
  const calls = new Map<number, { id: string; name: string; args: string }>();
  for (const choice of deltas)
    for (const call of ((choice.delta as Json).tool_calls as Json[] | undefined) ?? []) {
      const fn = call.function as Json;
      const seen = calls.get(call.index as number) ?? { id: '', name: '', args: '' };
      calls.set(call.index as number, {
        id: seen.id || String(call.id ?? ''),
        name: seen.name || String(fn.name ?? ''),
        args: seen.args + String(fn.arguments ?? ''),
      });
    }
  return {
    chunks,
    text: text('content'),
    reasoning: text('reasoning_content'),
    calls: [...calls.values()],
    finish: deltas.map((choice) => choice.finish_reason).filter(Boolean),
    usage: converter.usage(),
  };
}

describe.skipIf(!fixturesAvailable)('a Cohere v2 stream as OpenAI chat chunks (recorded)', () => {
  it('text: the words in order, one stop, then the billed usage in a last chunk', () => {
    const out = replay('cohere-text');
    expect(out.text).toBe('The capital of France is Paris.');
    expect(out.finish).toEqual(['stop']);
    expect(out.usage).toEqual({ promptTokens: 12, completionTokens: 7, cachedTokens: 0, reasoningTokens: 0 });
    expect(out.chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 7 },
    });
    expect(out.chunks[0]).toMatchObject({
      id: '321d178c-2c12-44d3-ae42-2f5510f6b1cc',
      object: 'chat.completion.chunk',
      choices: [{ delta: { role: 'assistant' } }],
    });
  });

  it('tool calls: the plan as content, each call whole with arguments that parse', () => {
    const out = replay('cohere-tool-call');
    expect(out.text).toMatch(/^I will use the weather tool to find the weather in San Francisco/);
    expect(out.calls.map((call) => call.name)).toEqual(['weather', 'cityAttractions']);
    expect(out.calls[0]!.id).toBe('weather_e8p4pn45zt0t');
    expect(JSON.parse(out.calls[0]!.args)).toEqual({ location: 'San Francisco' });
    expect(out.finish).toEqual(['tool_calls']);
  });

  it('a tool call with no argument deltas closes with the empty object', () => {
    const out = replay('cohere-empty-tool-call');
    expect(out.calls).toEqual([{ id: 'currentTime_y46ar19t5gvw', name: 'currentTime', args: '{}' }]);
  });

  it('reasoning: thinking deltas as reasoning_content, the answer as content', () => {
    const out = replay('cohere-reasoning');
    expect(out.reasoning).toMatch(/^The user is asking for the/);
    expect(out.text.length).toBeGreaterThan(0);
    expect(out.text).not.toContain('The user is asking');
    expect(out.usage?.completionTokens).toBe(50);
  });

  it('a stream cut before message-end ends with an error chunk, not a finish', () => {
    const converter = new CohereToOpenAIChatStream('m');
    const events = fixtureChunks('cohere/cohere-text.chunks.txt')
      .slice(0, 4)
      .map((line) => JSON.parse(line) as Json);
    const chunks = [...events.flatMap((data) => converter.push({ data })), ...converter.end()];
    expect(chunks.at(-1)).toMatchObject({ error: { type: 'upstream_error' } });
    expect(converter.usage()).toBeUndefined();
  });
});
