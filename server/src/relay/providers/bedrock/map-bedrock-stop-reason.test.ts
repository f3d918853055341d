import { describe, expect, it } from 'vitest';
import { mapBedrockStopReason } from './map-bedrock-stop-reason.ts';

describe('mapBedrockStopReason', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool_calls'],
    ['guardrail_intervened', 'content_filter'],
    ['content_filtered', 'content_filter'],
    [undefined, 'stop'],
  ])('%s → %s', (reason, finish) => expect(mapBedrockStopReason(reason)).toBe(finish));
});
