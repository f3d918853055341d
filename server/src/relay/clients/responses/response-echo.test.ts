import { describe, expect, it } from 'vitest';
import { fixtureJson, fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { responseEcho } from './response-echo.ts';

const SETTINGS = [
  'instructions',
  'max_output_tokens',
  'parallel_tool_calls',
  'previous_response_id',
  'reasoning',
  'safety_identifier',
  'store',
  'temperature',
  'text',
  'tool_choice',
  'tools',
  'top_p',
  'truncation',
  'user',
  'metadata',
];

/** The settings a recorded response repeats (those it has). */
const settingsOf = (response: Json): Json =>
  Object.fromEntries(SETTINGS.filter((key) => key in response).map((key) => [key, response[key]]));

describe.skipIf(!fixturesAvailable)('responseEcho against recorded responses', () => {
  it.each([
    'openai/responses/openai-custom-tool.1.json',
    'openai/responses/openai-reasoning-encrypted-content.1.json',
    'openai/responses/programmatic-tool-calling.1.json',
    'open-responses/responses/lmstudio-tool-call.1.json',
    'xai/responses/xai-image-generation-tool.1.json',
  ])('repeats the settings of the call as %s does', (path) => {
    const recorded = settingsOf(fixtureJson(path));
    // What the client sent: the settings the response repeats, less those left unset (null).
    const request = Object.fromEntries(Object.entries(recorded).filter(([, value]) => value !== null));
    expect(responseEcho({ model: 'm', input: 'Hi', ...request })).toMatchObject(recorded);
  });

  it('answers a call that sets nothing with OpenAI’s defaults', () => {
    const recorded = settingsOf(fixtureJson('openai/responses/parallel-tool-call-wrapper.1.json'));
    expect(responseEcho({ model: 'm', input: 'Hi' })).toEqual({ ...recorded, safety_identifier: null });
    expect(responseEcho(undefined)).toEqual(responseEcho({}));
  });
});

describe('responseEcho', () => {
  it('keeps the OpenAI defaults for settings of the wrong type', () => {
    const echo = responseEcho({
      temperature: '0.5',
      top_p: null,
      tools: { type: 'function' },
      tool_choice: 3,
      store: 'yes',
      metadata: ['a'],
      text: { format: 'json' },
      instructions: 42,
    });
    expect(echo).toMatchObject({
      temperature: 1,
      top_p: 1,
      tools: [],
      tool_choice: 'auto',
      store: true,
      metadata: {},
      text: { format: { type: 'text' } },
      instructions: null,
    });
  });

  it('repeats a named tool choice, structured output and the end user', () => {
    const format = { type: 'json_schema', name: 'person', schema: { type: 'object' }, strict: true };
    const echo = responseEcho({
      tool_choice: { type: 'function', name: 'weather' },
      text: { format, verbosity: 'low' },
      user: 'u-1',
      safety_identifier: 'hash-1',
      parallel_tool_calls: false,
    });
    expect(echo).toMatchObject({
      tool_choice: { type: 'function', name: 'weather' },
      text: { format, verbosity: 'low' },
      user: 'u-1',
      safety_identifier: 'hash-1',
      parallel_tool_calls: false,
    });
  });
});
