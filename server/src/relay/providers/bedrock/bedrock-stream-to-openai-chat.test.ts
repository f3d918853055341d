import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { bedrockStreamEvents } from '../../../../test/support/bedrock-recordings.ts';
import { bedrockStreamError } from './bedrock-stream-error.ts';
import { BedrockToOpenAIChatStream } from './bedrock-stream-to-openai-chat.ts';

interface Delta {
  content?: string;
  reasoning_content?: string;
  tool_calls?: Array<{ index: number; id?: string; function: { name?: string; arguments: string } }>;
}

/** Every chunk a stream makes, then the text, reasoning, tool calls and finish reason they add up to. */
function replay(events: Array<{ event: string; data: Json }>) {
  const stream = new BedrockToOpenAIChatStream('m');
  const chunks = [...events.flatMap((event) => stream.push(event)), ...stream.end()];
  const choices = chunks.flatMap(
    (chunk) => (chunk.choices ?? []) as Array<{ delta: Delta; finish_reason: string }>,
  );
  const tools = new Map<number, { id?: string; name?: string; arguments: string }>();
  for (const { delta } of choices)
    for (const call of delta.tool_calls ?? []) {
      const tool = tools.get(call.index) ?? { arguments: '' };
      tools.set(call.index, {
        id: call.id ?? tool.id,
        name: call.function.name ?? tool.name,
        arguments: tool.arguments + call.function.arguments,
      });
    }
  return {
    chunks,
    usage: stream.usage(),
    text: choices.map(({ delta }) => delta.content ?? '').join(''),
    reasoning: choices.map(({ delta }) => delta.reasoning_content ?? '').join(''),
    tools: [...tools.values()],
    finish: choices.map((choice) => choice.finish_reason).filter(Boolean),
  };
}

describe.skipIf(!fixturesAvailable)('BedrockToOpenAIChatStream on recorded converse-streams', () => {
  it('streams text, ends with the finish reason and a usage chunk', () => {
    const out = replay(bedrockStreamEvents('text'));
    expect(out.text).toBe(
      'Let me count the "r"s in "strawberry":\n\ns-t-**r**-a-w-b-e-**r**-**r**-y\n\nThere are **3** r\'s in "strawberry."',
    );
    expect(out.finish).toEqual(['stop']);
    expect(out.chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 22, completion_tokens: 55 },
    });
    expect(out.usage).toMatchObject({ promptTokens: 22, completionTokens: 55 });
  });

  it('streams reasoning as reasoning_content, apart from the text', () => {
    const out = replay(bedrockStreamEvents('reasoning'));
    expect(out.reasoning).toMatch(/^Let me count the r's in "strawberry":/);
    expect(out.reasoning).toMatch(/So there are 3 r's\.$/);
    expect(out.text).toMatch(/^There are \*\*3\*\* r's/);
  });

  it('streams a tool call in pieces, with usage that came before messageStop', () => {
    const out = replay(bedrockStreamEvents('tool-call.1'));
    expect(out.tools).toEqual([
      { id: 'tool-use-id', name: 'test-tool', arguments: '{"value":"Sparkle Day"}' },
    ]);
    expect(out.finish).toEqual(['tool_calls']);
    expect(out.usage).toMatchObject({ promptTokens: 125, completionTokens: 45 });
  });

  it('closes a call without arguments with {}', () => {
    const out = replay(bedrockStreamEvents('tool-no-args'));
    expect(out.text).toBe("I'll update the issue list for you.");
    expect(out.tools).toEqual([{ id: 'tool-use-id', name: 'updateIssueList', arguments: '{}' }]);
  });

  it('ends a stream without usage with no usage chunk', () => {
    const out = replay(bedrockStreamEvents('json-tool.1'));
    expect(out.usage).toBeUndefined();
    expect(out.chunks.at(-1)).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }] });
  });
});

describe('BedrockToOpenAIChatStream on failures', () => {
  it('ends with an error chunk on an exception (decoded as an error event), and sends nothing after it', () => {
    const stream = new BedrockToOpenAIChatStream('m');
    stream.push({ event: 'messageStart', data: { role: 'assistant' } });
    const exception = bedrockStreamError('modelStreamErrorException', '{"message":"Model Stream Error"}');
    expect(stream.push({ event: exception.event, data: JSON.parse(exception.data) as Json })).toEqual([
      { error: { message: 'modelStreamErrorException: Model Stream Error', type: 'upstream_error' } },
    ]);
    expect(stream.push({ event: 'messageStop', data: { stopReason: 'end_turn' } })).toEqual([]);
    expect(stream.end()).toEqual([]);
  });

  it('ends with an error chunk when the stream stops before messageStop', () => {
    const stream = new BedrockToOpenAIChatStream('m');
    stream.push({ event: 'contentBlockDelta', data: { contentBlockIndex: 0, delta: { text: 'Hal' } } });
    expect(stream.end()).toEqual([{ error: expect.objectContaining({ type: 'upstream_error' }) }]);
  });
});
