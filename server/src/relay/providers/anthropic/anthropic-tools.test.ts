import { describe, expect, it } from 'vitest';
import { forcesToolUse, toAnthropicToolChoice, toAnthropicTools } from './anthropic-tools.ts';

describe('toAnthropicTools', () => {
  it('turns function tools into name, description and input_schema', () => {
    const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    expect(
      toAnthropicTools([
        { type: 'function', function: { name: 'weather', description: 'The weather in a city', parameters } },
      ]),
    ).toEqual([{ name: 'weather', description: 'The weather in a city', input_schema: parameters }]);
  });

  it('gives a tool without parameters an empty object schema, and leaves out an empty description', () => {
    expect(toAnthropicTools([{ type: 'function', function: { name: 'now', description: '' } }])).toEqual([
      { name: 'now', input_schema: { type: 'object', properties: {} } },
    ]);
  });

  it('leaves out tools that are not functions or have no name, and answers undefined for none', () => {
    expect(
      toAnthropicTools([
        { type: 'web_search_preview' },
        { type: 'function', function: { description: 'no name' } },
        { type: 'custom', function: { name: 'x' } },
      ]),
    ).toBeUndefined();
    expect(toAnthropicTools(undefined)).toBeUndefined();
    expect(toAnthropicTools([])).toBeUndefined();
  });
});

describe('toAnthropicToolChoice', () => {
  it.each([
    ['auto', { type: 'auto' }],
    ['none', { type: 'none' }],
    ['required', { type: 'any' }],
    [
      { type: 'function', function: { name: 'weather' } },
      { type: 'tool', name: 'weather' },
    ],
  ])('maps %j', (choice, expected) => {
    expect(toAnthropicToolChoice(choice, undefined)).toEqual(expected);
  });

  it('answers undefined when nothing is asked', () => {
    expect(toAnthropicToolChoice(undefined, undefined)).toBeUndefined();
    expect(toAnthropicToolChoice({ type: 'function' }, true)).toBeUndefined();
  });

  it('turns parallel_tool_calls false into disable_parallel_tool_use', () => {
    expect(toAnthropicToolChoice('required', false)).toEqual({
      type: 'any',
      disable_parallel_tool_use: true,
    });
    expect(toAnthropicToolChoice(undefined, false)).toEqual({
      type: 'auto',
      disable_parallel_tool_use: true,
    });
    expect(toAnthropicToolChoice('none', false)).toEqual({ type: 'none' });
  });

  it('knows which choices force a tool call', () => {
    expect(forcesToolUse({ type: 'any' })).toBe(true);
    expect(forcesToolUse({ type: 'tool', name: 'x' })).toBe(true);
    expect(forcesToolUse({ type: 'auto' })).toBe(false);
    expect(forcesToolUse(undefined)).toBe(false);
  });
});
