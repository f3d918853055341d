import { describe, expect, it } from 'vitest';
import { toGeminiToolConfig, toGeminiTools } from './prepare-gemini-tools.ts';

describe('toGeminiTools', () => {
  it('turns function tools into one functionDeclarations list, with cleaned parameters', () => {
    const tools = [
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Weather in a city',
          strict: true,
          parameters: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            additionalProperties: false,
            properties: { city: { type: 'string' }, days: { type: 'array', items: { type: 'integer' } } },
            required: ['city'],
          },
        },
      },
      { type: 'function', function: { name: 'now' } },
    ];
    expect(toGeminiTools(tools)).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Weather in a city',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' }, days: { type: 'array', items: { type: 'integer' } } },
              required: ['city'],
            },
          },
          { name: 'now' },
        ],
      },
    ]);
  });

  it('leaves out an object schema without properties, which Gemini refuses', () => {
    const tools = [
      { type: 'function', function: { name: 'ping', parameters: { type: 'object', properties: {} } } },
    ];
    expect(toGeminiTools(tools)).toEqual([{ functionDeclarations: [{ name: 'ping' }] }]);
  });

  it('skips tools that are not functions, and answers undefined when none are left', () => {
    expect(toGeminiTools([{ type: 'custom', custom: { name: 'grammar' } }])).toBeUndefined();
    expect(toGeminiTools(undefined)).toBeUndefined();
  });
});

describe('toGeminiToolConfig', () => {
  it('maps the tool_choice words to modes', () => {
    expect(toGeminiToolConfig('auto')).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(toGeminiToolConfig('none')).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(toGeminiToolConfig('required')).toEqual({ functionCallingConfig: { mode: 'ANY' } });
  });

  it('forces a named function with ANY and allowedFunctionNames', () => {
    expect(toGeminiToolConfig({ type: 'function', function: { name: 'weather' } })).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] },
    });
  });

  it('answers undefined for an absent or unknown choice', () => {
    expect(toGeminiToolConfig(undefined)).toBeUndefined();
    expect(toGeminiToolConfig('sometimes')).toBeUndefined();
    expect(toGeminiToolConfig({ type: 'function' })).toBeUndefined();
  });
});
