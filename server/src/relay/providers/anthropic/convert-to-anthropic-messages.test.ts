import { describe, expect, it } from 'vitest';
import { continuesToolLoop, toAnthropicPrompt, toAnthropicToolId } from './convert-to-anthropic-messages.ts';

const user = (content: unknown) => ({ role: 'user', content });
const text = (value: string) => ({ type: 'text', text: value });

describe('toAnthropicPrompt', () => {
  it('gathers system and developer messages, wherever they stand, into the system text', () => {
    const prompt = toAnthropicPrompt([
      { role: 'system', content: 'Be brief.' },
      user('Hi'),
      { role: 'developer', content: [text('Answer in French.'), text('No emoji.')] },
      { role: 'system', content: '   ' },
    ]);
    expect(prompt.system).toEqual(['Be brief.', 'Answer in French.\nNo emoji.']);
    expect(prompt.messages).toEqual([{ role: 'user', content: [text('Hi')] }]);
  });

  it('converts user text parts and images: data: URLs to base64, links to url sources', () => {
    const { messages } = toAnthropicPrompt([
      user([
        text('What is in these?'),
        { type: 'image_url', image_url: { url: 'data:image/PNG;base64,iVBORw0KGgo=' } },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
        { type: 'image_url', image_url: 'http://example.com/dog.webp' },
        { type: 'image_url', image_url: { url: 'ftp://example.com/no.png' } },
        { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
        { type: 'file', file: { file_id: 'file-abc' } },
        { type: 'input_audio', input_audio: { data: 'AAA', format: 'wav' } },
      ]),
    ]);
    expect(messages[0]!.content).toEqual([
      text('What is in these?'),
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'image', source: { type: 'url', url: 'http://example.com/dog.webp' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } },
    ]);
  });

  it('never sends empty text blocks, and drops messages left with nothing', () => {
    const { messages } = toAnthropicPrompt([
      user(''),
      user([text(''), text(' \n')]),
      user('Hello'),
      { role: 'assistant', content: '', tool_calls: [] },
      { role: 'assistant', content: [text('')] },
    ]);
    expect(messages).toEqual([{ role: 'user', content: [text('Hello')] }]);
  });

  it('turns assistant tool calls into tool_use blocks with parsed arguments, bad JSON as {}', () => {
    const { messages } = toAnthropicPrompt([
      user('Weather in Paris and Rome?'),
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":' } },
          { id: 'call_3', type: 'function', function: { name: 'now', arguments: '[1]' } },
          { id: 'call_4', type: 'function', function: { name: 'now', arguments: '' } },
          // Encoded twice, as some vLLM builds send arguments: read through, not dropped.
          {
            id: 'call_5',
            type: 'function',
            function: { name: 'weather', arguments: '"{\\"city\\":\\"Rome\\"}"' },
          },
        ],
      },
    ]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [
        text('Checking.'),
        { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call_2', name: 'weather', input: {} },
        { type: 'tool_use', id: 'call_3', name: 'now', input: {} },
        { type: 'tool_use', id: 'call_4', name: 'now', input: {} },
        { type: 'tool_use', id: 'call_5', name: 'weather', input: { city: 'Rome' } },
      ],
    });
  });

  it('puts consecutive tool results into one user turn, before any user text that follows', () => {
    const { messages } = toAnthropicPrompt([
      user('Weather?'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } },
          { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'call_2', content: [text('Rainy'), text('')] },
      user('Thanks. And tomorrow?'),
    ]);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: 'Sunny' },
      { type: 'tool_result', tool_use_id: 'call_2', content: [text('Rainy')] },
      text('Thanks. And tomorrow?'),
    ]);
  });

  it('keeps tool results first even when the user text came before them', () => {
    const { messages } = toAnthropicPrompt([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{}' } }],
      },
      user('Here you go.'),
      { role: 'tool', tool_call_id: 'c1', content: '' },
    ]);
    expect(messages[1]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'c1' }, text('Here you go.')]);
  });

  it('merges consecutive turns of one role, as Anthropic wants them alternating', () => {
    const { messages } = toAnthropicPrompt([
      user('One'),
      { role: 'system', content: 'In between.' },
      user([text('Two')]),
      { role: 'assistant', content: 'A' },
      { role: 'assistant', content: [{ type: 'refusal', refusal: 'B' }] },
      user('Three'),
    ]);
    expect(messages).toEqual([
      { role: 'user', content: [text('One'), text('Two')] },
      { role: 'assistant', content: [text('A'), text('B')] },
      { role: 'user', content: [text('Three')] },
    ]);
  });

  it('trims the trailing whitespace of a closing assistant prefill', () => {
    const { messages } = toAnthropicPrompt([user('Write JSON'), { role: 'assistant', content: '{\n  ' }]);
    expect(messages[1]!.content).toEqual([text('{')]);
  });

  it('renames tool ids Anthropic would refuse, alike in tool_use and tool_result', () => {
    expect(toAnthropicToolId('call:1/a b')).toBe('call_1_a_b');
    const { messages } = toAnthropicPrompt([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'fn.1', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'fn.1', content: 'ok' },
    ]);
    expect(messages[0]!.content).toMatchObject([{ id: 'fn_1' }]);
    expect(messages[1]!.content).toMatchObject([{ tool_use_id: 'fn_1' }]);
  });

  it('tells a conversation going on from tool results from one with a new question', () => {
    const loop = [
      user('Weather?'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Sunny' },
    ];
    expect(continuesToolLoop(toAnthropicPrompt(loop).messages)).toBe(true);
    const answered = [...loop, { role: 'assistant', content: 'Sunny.' }, user('Thanks!')];
    expect(continuesToolLoop(toAnthropicPrompt(answered).messages)).toBe(false);
    expect(continuesToolLoop([])).toBe(false);
  });

  it('ignores what is not a message', () => {
    expect(toAnthropicPrompt(undefined)).toEqual({ system: [], messages: [] });
    expect(toAnthropicPrompt([null, 3, { role: 'function', name: 'f', content: 'x' }])).toEqual({
      system: [],
      messages: [],
    });
  });
});
