import { describe, expect, it } from 'vitest';
import { answerFormat } from './answer-format.ts';
import type { Endpoint } from '../call/endpoints.ts';
import { bedrockFamily } from '../providers/bedrock/bedrock-family.ts';
import { geminiFamily } from '../providers/gemini/gemini-family.ts';
import { openAIFamily } from '../providers/openai/openai-family.ts';
import { vertexFamily } from '../providers/vertex/vertex-family.ts';
import type { RelayBody } from '../call/relay-body.ts';
import type { ClientFormat } from '../formats/format-names.ts';

const CHAT: Endpoint = { path: '/v1/messages', kind: 'chat' };
const body = (clientFormat: ClientFormat, original?: Record<string, unknown>): RelayBody => ({
  model: 'm',
  stream: false,
  clientWantsUsage: false,
  maxTokens: 16,
  json: { messages: [] },
  clientFormat,
  original,
});

describe('the format a call is answered in', () => {
  it("is the family's own when it passes nothing through, or the client speaks it", () => {
    expect(answerFormat(openAIFamily, CHAT, body('openai'), 'gpt-4o')).toBe('openai');
    expect(answerFormat(geminiFamily, CHAT, body('gemini', { contents: [] }), 'gemini-2.5-flash')).toBe(
      'gemini',
    );
    expect(answerFormat(geminiFamily, CHAT, body('anthropic', { messages: [] }), 'gemini-2.5-flash')).toBe(
      'gemini',
    );
  });

  it("is the client's where the family passes that call through, and only with the client's own body", () => {
    const claude = 'claude-sonnet-4-5-20250929';
    expect(answerFormat(bedrockFamily, CHAT, body('anthropic', { messages: [] }), claude)).toBe('anthropic');
    expect(answerFormat(bedrockFamily, CHAT, body('anthropic'), claude)).toBe('bedrock');
    expect(answerFormat(bedrockFamily, CHAT, body('openai'), claude)).toBe('bedrock');
    expect(answerFormat(vertexFamily, CHAT, body('gemini', { contents: [] }), 'gemini-2.5-flash')).toBe(
      'gemini',
    );
    expect(answerFormat(vertexFamily, CHAT, body('anthropic', { messages: [] }), claude)).toBe('vertex');
  });
});
