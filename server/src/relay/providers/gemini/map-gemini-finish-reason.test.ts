import { describe, expect, it } from 'vitest';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.ts';

describe('mapGeminiFinishReason', () => {
  it('maps STOP to stop, or tool_calls when the answer has function calls', () => {
    expect(mapGeminiFinishReason('STOP', false)).toBe('stop');
    expect(mapGeminiFinishReason('STOP', true)).toBe('tool_calls');
    expect(mapGeminiFinishReason(undefined, true)).toBe('tool_calls');
  });

  it('maps MAX_TOKENS to length, even with function calls', () => {
    expect(mapGeminiFinishReason('MAX_TOKENS', false)).toBe('length');
    expect(mapGeminiFinishReason('MAX_TOKENS', true)).toBe('length');
  });

  it('maps the filter reasons to content_filter', () => {
    for (const reason of [
      'SAFETY',
      'RECITATION',
      'BLOCKLIST',
      'PROHIBITED_CONTENT',
      'SPII',
      'IMAGE_SAFETY',
    ]) {
      expect(mapGeminiFinishReason(reason, false), reason).toBe('content_filter');
    }
  });

  it('maps MALFORMED_FUNCTION_CALL and the other reasons to stop', () => {
    for (const reason of [
      'MALFORMED_FUNCTION_CALL',
      'OTHER',
      'LANGUAGE',
      'FINISH_REASON_UNSPECIFIED',
      'NEW_ONE',
    ]) {
      expect(mapGeminiFinishReason(reason, false), reason).toBe('stop');
    }
    expect(mapGeminiFinishReason('MALFORMED_FUNCTION_CALL', true)).toBe('stop');
    expect(mapGeminiFinishReason(undefined, false)).toBe('stop');
  });
});
