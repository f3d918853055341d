import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../formats/types.ts';
import { anthropicToOpenAIChat } from './anthropic-request-to-openai-chat.ts';

// Expected values are typed with the official OpenAI SDK types, so their shapes are checked too.
const convert = (request: Json) =>
  anthropicToOpenAIChat({ model: 'claude-sonnet-4-5', max_tokens: 1024, ...request });
const messagesOf = (request: Json) => convert(request).messages as ChatCompletionMessageParam[];
const user = (content: unknown): Json => ({ role: 'user', content });
const assistant = (content: unknown): Json => ({ role: 'assistant', content });

describe('anthropicToOpenAIChat', () => {
  it('copies model and limits, maps stop_sequences, stream and sampling, leaves top_k and metadata', () => {
    const out = convert({
      messages: [user('Hi')],
      stop_sequences: ['END'],
      temperature: 0.5,
      top_p: 0.9,
      top_k: 40,
      stream: true,
      metadata: { user_id: 'u1' },
    });
    expect(out).toEqual({
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 1024,
      stop: ['END'],
      temperature: 0.5,
      top_p: 0.9,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('puts the system string, system blocks and role:system messages (Claude Code) first, as one', () => {
    const blocks = {
      system: [
        { type: 'text', text: 'A' },
        { type: 'text', text: 'B', cache_control: { type: 'ephemeral' } },
      ],
    };
    expect(messagesOf({ ...blocks, messages: [user('Hi'), { role: 'system', content: 'C' }] })).toEqual([
      { role: 'system', content: 'A\nB\n\nC' },
      { role: 'user', content: 'Hi' },
    ] satisfies ChatCompletionMessageParam[]);
    expect(messagesOf({ system: 'S', messages: [user('Hi')] })[0]).toEqual({ role: 'system', content: 'S' });
  });

  it('turns user blocks into content parts: text, base64 and linked images, documents', () => {
    const messages = messagesOf({
      messages: [
        user([
          { type: 'text', text: 'Look' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
          { type: 'image', source: { type: 'url', url: 'https://x.test/a.jpg' } },
          {
            type: 'document',
            source: { type: 'base64', media_type: 'application/pdf', data: 'JVBER' },
            title: 'r.pdf',
          },
          { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain' } },
        ]),
      ],
    });
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
          { type: 'image_url', image_url: { url: 'https://x.test/a.jpg' } },
          { type: 'file', file: { filename: 'r.pdf', file_data: 'data:application/pdf;base64,JVBER' } },
          { type: 'text', text: 'plain' },
        ],
      },
    ] satisfies ChatCompletionMessageParam[]);
  });

  it('joins text-only blocks into a string and never sends an empty user message', () => {
    expect(
      messagesOf({
        messages: [
          user([
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ]),
        ],
      }),
    ).toEqual([{ role: 'user', content: 'a\nb' }]);
    expect(messagesOf({ messages: [user([{ type: 'text', text: '' }]), user(''), user([])] })).toEqual([]);
  });

  it('makes one assistant message of text and tool_use, and tool messages right after it', () => {
    const messages = messagesOf({
      messages: [
        user('Weather in Paris and Rome?'),
        assistant([
          { type: 'thinking', thinking: 'Two calls.', signature: 'sig' },
          { type: 'redacted_thinking', data: 'xx' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'weather', input: { city: 'Rome' } },
        ]),
        user([
          { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: '20C' }] },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'no data', is_error: true },
          { type: 'text', text: 'Thanks' },
        ]),
      ],
    });
    expect(messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'toolu_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'toolu_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_2', content: '20C' },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'Error: no data' },
      { role: 'user', content: 'Thanks' },
    ] satisfies ChatCompletionMessageParam[]);
  });

  it('sends null content beside tool calls, and drops an assistant turn that was only thinking', () => {
    const messages = messagesOf({
      messages: [
        user('a'),
        assistant([{ type: 'thinking', thinking: 'hm', signature: '' }]),
        user('b'),
        assistant([{ type: 'tool_use', id: 't1', name: 'f', input: {} }]),
        user([{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }]),
      ],
    });
    expect(messages.map((m) => m.role)).toEqual(['user', 'user', 'assistant', 'tool']);
    expect(messages[2]).toMatchObject({ content: null, tool_calls: [{ function: { arguments: '{}' } }] });
  });

  it('moves images out of a tool result into a user message after the tool messages', () => {
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA' } };
    const messages = messagesOf({
      messages: [
        assistant([{ type: 'tool_use', id: 't1', name: 'screenshot', input: {} }]),
        user([{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'Shot' }, image] }]),
      ],
    });
    expect(messages.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 't1', content: 'Shot\n[1 image(s) follow in the next message]' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } }] },
    ] satisfies ChatCompletionMessageParam[]);
  });

  it('turns a result for a call missing from the history into a user message', () => {
    expect(
      messagesOf({ messages: [user([{ type: 'tool_result', tool_use_id: 'gone', content: 'x' }])] }),
    ).toEqual([{ role: 'user', content: 'Result of tool call gone:\nx' }]);
  });

  it('maps tools (dropping server tools) and every tool_choice', () => {
    const tools = [
      {
        name: 'f',
        description: 'F',
        input_schema: { type: 'object', properties: { a: { type: 'string' } } },
      },
      { type: 'custom', name: 'g', input_schema: { type: 'object' } },
      { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
    ];
    const out = convert({ messages: [user('x')], tools, tool_choice: { type: 'auto' } });
    expect(out.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'f',
          description: 'F',
          parameters: { type: 'object', properties: { a: { type: 'string' } } },
        },
      },
      { type: 'function', function: { name: 'g', parameters: { type: 'object' } } },
    ] satisfies ChatCompletionTool[]);
    expect(out.tool_choice).toBe('auto');
    const choice = (tool_choice: Json) => convert({ messages: [user('x')], tools, tool_choice });
    expect(choice({ type: 'any' }).tool_choice).toBe('required');
    expect(choice({ type: 'none' }).tool_choice).toBe('none');
    expect(choice({ type: 'tool', name: 'f' }).tool_choice).toEqual({
      type: 'function',
      function: { name: 'f' },
    });
    expect(choice({ type: 'auto', disable_parallel_tool_use: true }).parallel_tool_calls).toBe(false);
    const onlyServer = convert({ messages: [user('x')], tools: [tools[2]], tool_choice: { type: 'any' } });
    expect(onlyServer).not.toHaveProperty('tools');
    expect(onlyServer).not.toHaveProperty('tool_choice');
  });

  it('maps a thinking budget to a reasoning effort', () => {
    const effort = (budget_tokens: number) =>
      convert({ messages: [user('x')], thinking: { type: 'enabled', budget_tokens } }).reasoning_effort;
    expect([effort(1024), effort(2048), effort(8191), effort(8192), effort(31999)]).toEqual([
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
    expect(convert({ messages: [user('x')], thinking: { type: 'disabled' } })).not.toHaveProperty(
      'reasoning_effort',
    );
  });

  it('maps adaptive thinking with output_config.effort (Claude Code 4.6+) to a reasoning effort', () => {
    const effort = (value?: string) =>
      convert({ messages: [user('x')], thinking: { type: 'adaptive' }, output_config: { effort: value } })
        .reasoning_effort;
    const efforts = [
      effort('low'),
      effort('medium'),
      effort('high'),
      effort('max'),
      effort('xhigh'),
      effort(),
    ];
    expect(efforts).toEqual(['low', 'medium', 'high', 'high', 'high', undefined]);
  });

  it('maps a JSON schema output format to a response format', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const expected = { type: 'json_schema', json_schema: { name: 'output', schema } };
    const format = { type: 'json_schema', schema };
    expect(convert({ messages: [user('x')], output_config: { format } }).response_format).toEqual(expected);
    expect(convert({ messages: [user('x')], output_format: format }).response_format).toEqual(expected);
  });

  it('converts a Claude Code style request', () => {
    const out = convert({
      stream: true,
      max_tokens: 32000,
      thinking: { type: 'enabled', budget_tokens: 31999 },
      system: [
        { type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude." },
        { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } },
      ],
      tools: [{ name: 'Read', description: 'Read a file', input_schema: { type: 'object', properties: {} } }],
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Project rules: use tabs.' }] },
        user([
          { type: 'text', text: '<system-reminder>ctx</system-reminder>' },
          { type: 'text', text: 'Read a.txt', cache_control: { type: 'ephemeral' } },
        ]),
        assistant([
          { type: 'thinking', thinking: 'I should read it.', signature: 'EqQB' },
          { type: 'text', text: '' },
          { type: 'tool_use', id: 'toolu_01', name: 'Read', input: { file_path: 'a.txt' } },
        ]),
        user([
          { type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: '1\thello' }] },
          { type: 'text', text: 'Summarise it.' },
        ]),
      ],
    });
    expect(out).toMatchObject({
      max_tokens: 32000,
      reasoning_effort: 'high',
      stream: true,
      stream_options: { include_usage: true },
      tools: [{ type: 'function', function: { name: 'Read' } }],
    });
    expect(out.messages).toEqual([
      {
        role: 'system',
        content:
          "You are Claude Code, Anthropic's official CLI for Claude.\nBe brief.\n\nProject rules: use tabs.",
      },
      { role: 'user', content: '<system-reminder>ctx</system-reminder>\nRead a.txt' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'toolu_01',
            type: 'function',
            function: { name: 'Read', arguments: '{"file_path":"a.txt"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_01', content: '1\thello' },
      { role: 'user', content: 'Summarise it.' },
    ] satisfies ChatCompletionMessageParam[]);
  });
});
