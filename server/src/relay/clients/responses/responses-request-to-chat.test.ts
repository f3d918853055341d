import { describe, expect, it } from 'vitest';
import { responsesToChat } from './responses-request-to-chat.ts';

describe('responsesToChat', () => {
  it('turns instructions, system and developer items into system messages, and a string input into a user message', () => {
    expect(responsesToChat({ model: 'm', instructions: 'Be brief.', input: 'Hi' })).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    const chat = responsesToChat({
      model: 'm',
      input: [
        { role: 'developer', content: 'Rules' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look' },
            { type: 'input_image', image_url: 'https://x/a.png', detail: 'low' },
          ],
        },
      ],
    });
    expect(chat).toMatchObject({
      messages: [
        { role: 'system', content: 'Rules' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'https://x/a.png', detail: 'low' } },
          ],
        },
      ],
    });
  });

  it('groups consecutive function calls with the assistant text before them, each output right after', () => {
    const chat = responsesToChat({
      model: 'm',
      input: [
        { role: 'user', content: 'Weather in two cities?' },
        { role: 'assistant', content: [{ type: 'output_text', text: 'Checking.' }] },
        { type: 'function_call', call_id: 'a', name: 'weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'b', name: 'weather', arguments: '{"city":"Rome"}' },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'function_call_output', call_id: 'b', output: 'rain' },
        { type: 'function_call_output', call_id: 'a', output: [{ type: 'input_text', text: 'sun' }] },
      ],
    }) as { messages: unknown[] };
    expect(chat.messages).toEqual([
      { role: 'user', content: 'Weather in two cities?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'b', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'b', content: 'rain' },
      { role: 'tool', tool_call_id: 'a', content: 'sun' },
    ]);
  });

  it('keeps function tools and the tool choice, leaves built-in tools out', () => {
    const parameters = { type: 'object', properties: {} };
    expect(
      responsesToChat({
        model: 'm',
        input: 'x',
        tools: [{ type: 'web_search' }, { type: 'function', name: 'f', parameters, strict: true }],
        tool_choice: { type: 'function', name: 'f' },
        parallel_tool_calls: false,
      }),
    ).toMatchObject({
      tools: [{ type: 'function', function: { name: 'f', parameters, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'f' } },
      parallel_tool_calls: false,
    });
  });

  it('maps limits, sampling, reasoning effort, structured output and stream', () => {
    const schema = { type: 'object' };
    expect(
      responsesToChat({
        model: 'm',
        input: 'x',
        max_output_tokens: 50,
        temperature: 0.2,
        top_p: 0.9,
        reasoning: { effort: 'xhigh' },
        text: { format: { type: 'json_schema', name: 'out', schema, strict: true } },
        stream: true,
      }),
    ).toMatchObject({
      max_tokens: 50,
      temperature: 0.2,
      top_p: 0.9,
      reasoning_effort: 'high',
      response_format: { type: 'json_schema', json_schema: { name: 'out', schema, strict: true } },
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('says why a call that continues a stored response cannot be served', () => {
    expect(responsesToChat({ model: 'm', input: 'x', previous_response_id: 'resp_1' })).toMatch(
      /previous_response_id/,
    );
  });
});
