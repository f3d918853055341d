import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIXTURES_DIR,
  fixtureChunks,
  fixtureSseData,
  fixturesAvailable,
} from '../../../test/support/fixtures.ts';
import { countChoiceText } from './incremental-counter.ts';
import { plainChunkText } from './plain-chunk-text.ts';
import { readOpenAIUsage } from './usage.ts';

/** What the parsed path reads from an event: its text, and whether it carries more than text. */
function parsedReading(data: string): { text: string; moreThanText: boolean } | undefined {
  let chunk: Record<string, unknown>;
  try {
    chunk = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  let text = '';
  countChoiceText({ add: (piece) => typeof piece === 'string' && (text += piece) }, chunk.choices);
  const moreThanText =
    readOpenAIUsage(chunk.usage) !== undefined ||
    chunk.response !== undefined ||
    Boolean(chunk.error) ||
    typeof chunk.type === 'string';
  return { text, moreThanText };
}

/** Whenever the expression reads an event, the parsed path must read the same. */
function expectAgreement(data: string): string | undefined {
  const text = plainChunkText(data);
  if (text === undefined) return undefined;
  const parsed = parsedReading(data);
  expect(parsed, `read an event JSON.parse rejects: ${data}`).toBeDefined();
  expect(parsed!.moreThanText, `read past usage, an error or a Responses event: ${data}`).toBe(false);
  expect(text, data).toBe(parsed!.text);
  return text;
}

function recordings(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return recordings(path);
    return name.endsWith('.chunks.txt') || name.endsWith('.sse') ? [relative(FIXTURES_DIR, path)] : [];
  });
}

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1770933892,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    usage: null,
    ...extra,
  });

describe('plainChunkText', () => {
  it('reads the content of a plain chunk, decoding escapes', () => {
    const content = 'Hé "quoted" \\ back\nslash 🙂 \u0001 \\"content\\": x';
    expect(expectAgreement(chunk({ content }))).toBe(content);
    expect(expectAgreement(chunk({ role: 'assistant', content: '', refusal: null }))).toBe('');
    expect(expectAgreement(chunk({}, { model: 'content', obfuscation: '"content":' }))).toBe('');
    expect(expectAgreement(chunk({ content: null, reasoning_content: null, tool_calls: null }))).toBe('');
    expect(
      expectAgreement('{"choices":[{"delta":{"content":"x"},"finish_reason":"stop","n":-1.5e+3}],"ok":true}'),
    ).toBe('x');
  });

  it('leaves to JSON.parse every event that is not a plain chunk', () => {
    const notPlain = [
      '{"choices":[],"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}',
      chunk({ content: 'a' }, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }),
      '{"error":{"message":"overloaded"}}',
      chunk({ content: 'a' }, { error: 'boom' }),
      '{"type":"response.output_text.delta","delta":"hi"}',
      chunk({ reasoning_content: 'thinking' }),
      chunk({ reasoning: 'thinking' }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '{}' } }] }),
      '{"choices":[{"delta":{"content":"a"}},{"delta":{"content":"b"}}]}',
      '{"choices":[{"delta":{"content":"a","content":"b"}}]}',
      '{"choices":[{"delta":{"content":"a"},"delta":{"content":"b"}}]}',
      '{"choices":[{"delta":{"content":"a"},"message":{"content":"m"}}]}',
      '{"choices":[{"delta":{"content":"a"},"text":"t"}]}',
      '{"content":"top","choices":[{"delta":{"content":"a"}}]}',
      '{"choices":[{"delta":{"content":"a"},"logprobs":{"content":[]}}]}',
      '{"choices":[{"delta":{"content":"a"}}]} ',
      '{"choices": [{"delta":{"content":"a"}}]}',
      '{"choices":[{"delta":{"content":"raw\ttab"}}]}',
      '{"choices":[{"delta":{"content":"bad \\x escape"}}]}',
      '{"choices":[{"delta":{"content":"a"}}],"x":nul}',
      '{"choices":[{"delta":{"content":"a"}}],"x":01}',
      '{"choices":[{"delta":{"con\\u0074ent":"escaped key"}}]}',
      `{"choices":[{"delta":{"content":"${'long '.repeat(2000)}"}}]}`,
      '["not","an","object"]',
      '',
    ];
    for (const data of notPlain) expect(plainChunkText(data), data).toBeUndefined();
  });

  it('never reads what JSON.parse rejects, wherever a chunk is cut', () => {
    const data = chunk({ content: 'a \\"b\\" c' });
    for (let end = 0; end < data.length; end++) expect(plainChunkText(data.slice(0, end))).toBeUndefined();
    expect(plainChunkText(data)).toBe('a \\"b\\" c');
  });

  it.skipIf(!fixturesAvailable)('agrees with the parsed path on every recorded event', () => {
    let read = 0;
    for (const path of recordings(FIXTURES_DIR)) {
      const events = path.endsWith('.sse') ? fixtureSseData(path) : fixtureChunks(path);
      for (const data of events) if (expectAgreement(data) !== undefined) read++;
    }
    expect(read).toBeGreaterThan(200);
  });

  it.skipIf(!fixturesAvailable)('reads every event of a recorded OpenAI stream but the usage chunk', () => {
    const unread = fixtureChunks('openai/chat/openai-text.chunks.txt').filter(
      (data) => plainChunkText(data) === undefined,
    );
    expect(unread).toHaveLength(1);
    expect(unread[0]).toContain('"completion_tokens"');
  });
});
