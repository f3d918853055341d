import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { recordedChunks, replay } from '../../../../test/support/fixture-replay.ts';
import { ChatToResponsesStream } from './chat-stream-to-responses.ts';

const chunk = (delta: Json, finish: string | null = null, usage?: Json): Json => ({
  id: 'chatcmpl-1',
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...(usage ? { usage } : {}),
});

function run(chunks: Json[]): Json[] {
  const converter = new ChatToResponsesStream('the-model');
  const out = [...chunks.flatMap((data) => converter.push({ data })), ...converter.end()];
  return out.map((event) => {
    const data = JSON.parse(event.data) as Json;
    expect(event.event).toBe(data.type);
    return data;
  });
}

describe('ChatToResponsesStream', () => {
  it('writes reasoning, then text, then a tool call as items in order, and completes with the usage sent after the finish', () => {
    const events = run([
      chunk({ role: 'assistant', reasoning_content: 'Hmm' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '{"a"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      chunk({}, 'tool_calls'),
      {
        id: 'chatcmpl-1',
        choices: [],
        usage: { prompt_tokens: 5, completion_tokens: 7, completion_tokens_details: { reasoning_tokens: 2 } },
      },
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const completed = events.at(-1)!.response as Json;
    expect(completed).toMatchObject({
      status: 'completed',
      model: 'the-model',
      usage: {
        input_tokens: 5,
        output_tokens: 7,
        output_tokens_details: { reasoning_tokens: 2 },
        total_tokens: 12,
      },
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Hmm' }] },
        { type: 'message', content: [{ type: 'output_text', text: 'Hello' }] },
        { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}', status: 'completed' },
      ],
    });
    expect((completed.output as Json[]).map((item) => item.id)).toEqual(
      events.filter((e) => e.type === 'response.output_item.added').map((e) => (e.item as Json).id),
    );
  });

  it('ends incomplete when the answer was cut at its token limit', () => {
    const events = run([
      chunk({ content: 'abc' }),
      chunk({}, 'length', { prompt_tokens: 1, completion_tokens: 3 }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'response.incomplete',
      response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
    });
  });

  it('completes at the end of a stream that never gave a finish reason, and turns an upstream error into an error event', () => {
    expect(run([chunk({ content: 'a' })]).at(-1)).toMatchObject({ type: 'response.completed' });
    const events = run([chunk({ content: 'a' }), { error: { message: 'overloaded' } }]);
    expect(events.at(-1)).toMatchObject({ type: 'error', message: 'overloaded' });
    expect(events.some((e) => e.type === 'response.completed')).toBe(false);
  });
});

describe.skipIf(!fixturesAvailable)('ChatToResponsesStream on a recorded stream', () => {
  it('repeats the request’s settings in response.created, in_progress and completed, with usage only at the end', () => {
    const tools = [{ type: 'function', name: 'weather', parameters: { type: 'object' }, strict: false }];
    const request = {
      model: 'm',
      input: 'Weather?',
      instructions: 'Be brief.',
      tools,
      tool_choice: 'required',
      temperature: 0.3,
      max_output_tokens: 200,
      metadata: { run: '7' },
    };
    const converter = new ChatToResponsesStream('m', request);
    const events = replay(converter, recordedChunks('groq/groq-tool-call.chunks.txt')).map(
      (e) => JSON.parse(e.data) as Json,
    );
    const responses = events.filter((e) => e.response).map((e) => [e.type, e.response as Json] as const);
    expect(responses.map(([type]) => type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.completed',
    ]);
    for (const [, response] of responses)
      expect(response).toMatchObject({
        instructions: 'Be brief.',
        tools,
        tool_choice: 'required',
        temperature: 0.3,
        top_p: 1,
        max_output_tokens: 200,
        metadata: { run: '7' },
      });
    expect(responses[0]![1].usage).toBeNull();
    expect(responses[1]![1].usage).toBeNull();
    // The recording's last chunk: usage {prompt_tokens 210, completion_tokens 15}.
    expect(responses[2]![1].usage).toMatchObject({ input_tokens: 210, output_tokens: 15 });
  });
});
