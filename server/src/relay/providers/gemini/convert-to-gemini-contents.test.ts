import { describe, expect, it } from 'vitest';
import { SKIP_THOUGHT_SIGNATURE, toGeminiContents } from './convert-to-gemini-contents.ts';

const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

describe('toGeminiContents', () => {
  it('puts system and developer messages in the system instruction', () => {
    const result = toGeminiContents([
      { role: 'system', content: 'Be brief.' },
      { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
      { role: 'user', content: 'Hello' },
    ]);
    expect(result).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Answer in French.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
    });
  });

  it('converts user text and images: data URLs inline, links as fileData', () => {
    const { contents } = toGeminiContents([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBO', detail: 'high' } },
          { type: 'image_url', image_url: { url: 'https://x.test/cat.webp' } },
          { type: 'image_url', image_url: 'https://x.test/dog' },
          { type: 'text', text: '' },
        ],
      },
    ]);
    expect(contents).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'What is this?' },
          { inlineData: { mimeType: 'image/png', data: 'iVBO' } },
          { fileData: { mimeType: 'image/webp', fileUri: 'https://x.test/cat.webp' } },
          { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x.test/dog' } },
        ],
      },
    ]);
  });

  it('sends input audio and data-URL files inline', () => {
    const { contents } = toGeminiContents([
      {
        role: 'user',
        content: [
          { type: 'input_audio', input_audio: { data: 'UklG', format: 'wav' } },
          { type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBE' } },
        ],
      },
    ]);
    expect(contents[0]!.parts).toEqual([
      { inlineData: { mimeType: 'audio/wav', data: 'UklG' } },
      { inlineData: { mimeType: 'application/pdf', data: 'JVBE' } },
    ]);
  });

  it('turns assistant text and tool calls into model parts, signing the first call', () => {
    const { contents } = toGeminiContents([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          call('c1', 'weather', '{"city":"Paris","days":[1,2],"opts":{"unit":"C"}}'),
          call('c2', 'weather', '{not json'),
          call('c3', 'now', ''),
          // Encoded twice, as some vLLM builds send arguments: read through, not dropped.
          call('c4', 'weather', JSON.stringify('{"city":"Rome"}')),
        ],
      },
    ]);
    expect(contents[1]).toEqual({
      role: 'model',
      parts: [
        { text: 'Checking.' },
        {
          functionCall: { name: 'weather', args: { city: 'Paris', days: [1, 2], opts: { unit: 'C' } } },
          thoughtSignature: SKIP_THOUGHT_SIGNATURE,
        },
        { functionCall: { name: 'weather', args: {} } },
        { functionCall: { name: 'now', args: {} } },
        { functionCall: { name: 'weather', args: { city: 'Rome' } } },
      ],
    });
  });

  it('answers tool results with functionResponse parts in one user turn, named after the call', () => {
    const { contents } = toGeminiContents([
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [call('c1', 'weather', '{}'), call('c2', 'clock', '{}')],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"temp":21,"sky":["sun"]}' },
      { role: 'tool', tool_call_id: 'c2', content: [{ type: 'text', text: 'noon' }] },
      { role: 'tool', tool_call_id: 'unknown-id', name: 'legacy', content: '42' },
    ]);
    expect(contents).toHaveLength(3);
    expect(contents[2]).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'weather', response: { content: { temp: 21, sky: ['sun'] } } } },
        { functionResponse: { name: 'clock', response: { content: 'noon' } } },
        { functionResponse: { name: 'legacy', response: { content: 42 } } },
      ],
    });
  });

  it('names a result after the latest call with that id when ids repeat across turns', () => {
    const { contents } = toGeminiContents([
      { role: 'assistant', tool_calls: [call('call_0', 'first', '{}')] },
      { role: 'tool', tool_call_id: 'call_0', content: 'a' },
      { role: 'assistant', tool_calls: [call('call_0', 'second', '{}')] },
      { role: 'tool', tool_call_id: 'call_0', content: 'b' },
    ]);
    expect(contents[3]!.parts).toEqual([
      { functionResponse: { name: 'second', response: { content: 'b' } } },
    ]);
  });

  it('merges consecutive turns of the same role and skips empty messages', () => {
    const { contents } = toGeminiContents([
      { role: 'user', content: 'one' },
      { role: 'user', content: [{ type: 'text', text: 'two' }] },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: 'three' },
      { role: 'assistant', content: [{ type: 'text', text: 'four' }] },
      { role: 'user', content: 'five' },
    ]);
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'one' }, { text: 'two' }] },
      { role: 'model', parts: [{ text: 'three' }, { text: 'four' }] },
      { role: 'user', parts: [{ text: 'five' }] },
    ]);
  });

  it('has no system instruction without system messages', () => {
    expect(toGeminiContents([{ role: 'user', content: 'hi' }])).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
  });
});
