import { asObject } from '../../formats/json-read.ts';
import { describe, expect, it } from 'vitest';
import { fromAnthropicUsage, mergeAnthropicUsage } from './anthropic-usage.ts';
import {
  anthropicRecordings,
  fixturesAvailable,
  recordedMessage,
  recordedTotals,
} from '../../../../test/support/anthropic-recorded-fixtures.ts';

describe('fromAnthropicUsage', () => {
  it('adds cache reads and writes to the input tokens, which leave them out', () => {
    expect(
      fromAnthropicUsage({
        input_tokens: 6,
        cache_read_input_tokens: 6289,
        cache_creation_input_tokens: 3337,
        output_tokens: 198,
      }),
    ).toEqual({
      promptTokens: 9632,
      completionTokens: 198,
      cachedTokens: 6289,
      cacheCreationTokens: 3337,
      reasoningTokens: 0,
    });
  });

  it('reads thinking tokens as reasoning, already inside the output tokens', () => {
    const usage = fromAnthropicUsage({
      input_tokens: 51,
      output_tokens: 1699,
      output_tokens_details: { thinking_tokens: 139 },
    });
    expect(usage.completionTokens).toBe(1699);
    expect(usage.reasoningTokens).toBe(139);
  });

  it('bills a compaction step, which the top-level numbers leave out', () => {
    const usage = fromAnthropicUsage({
      input_tokens: 612,
      output_tokens: 2819,
      cache_read_input_tokens: 10,
      iterations: [
        { type: 'compaction', input_tokens: 60385, output_tokens: 522, cache_read_input_tokens: 5 },
        { type: 'message', input_tokens: 612, output_tokens: 2819, cache_read_input_tokens: 10 },
      ],
    });
    expect(usage).toMatchObject({ promptTokens: 612 + 60385 + 15, completionTokens: 3341, cachedTokens: 15 });
  });

  it('leaves out advisor sub-calls (another model, another price) and keeps a fallback as given', () => {
    const advisor = fromAnthropicUsage({
      input_tokens: 2414,
      output_tokens: 3200,
      iterations: [
        { type: 'message', input_tokens: 1051, output_tokens: 35 },
        { type: 'advisor_message', model: 'claude-opus-4-7', input_tokens: 2728, output_tokens: 874 },
        { type: 'message', input_tokens: 1363, output_tokens: 3165 },
      ],
    });
    expect(advisor).toMatchObject({ promptTokens: 2414, completionTokens: 3200 });
    const fallback = fromAnthropicUsage({
      input_tokens: 412,
      output_tokens: 264,
      iterations: [
        { type: 'message', input_tokens: 408, output_tokens: 0 },
        { type: 'fallback_message', input_tokens: 412, output_tokens: 264 },
      ],
    });
    expect(fallback).toMatchObject({ promptTokens: 412, completionTokens: 264 });
  });

  it('reads missing or malformed fields as zero', () => {
    expect(fromAnthropicUsage(undefined)).toEqual({
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
    expect(fromAnthropicUsage({ input_tokens: '5', output_tokens: null, iterations: 'x' }).promptTokens).toBe(
      0,
    );
  });
});

describe('mergeAnthropicUsage', () => {
  it('lets a later event replace the fields it gives again, and keeps the others', () => {
    const start = mergeAnthropicUsage(undefined, {
      input_tokens: 2037,
      cache_read_input_tokens: 4,
      output_tokens: 1,
    });
    const merged = mergeAnthropicUsage(start, {
      input_tokens: 15665,
      output_tokens: 795,
      cache_read_input_tokens: null,
    });
    expect(merged).toEqual({ input_tokens: 15665, cache_read_input_tokens: 4, output_tokens: 795 });
    expect(mergeAnthropicUsage(merged, undefined)).toBe(merged);
  });
});

describe.skipIf(!fixturesAvailable)('fromAnthropicUsage on recorded answers', () => {
  it.each(anthropicRecordings('.json'))('%s', (name) => {
    const recorded = asObject(recordedMessage(name).usage)!;
    const totals = recordedTotals(recorded);
    expect(fromAnthropicUsage(recorded)).toMatchObject({
      promptTokens: totals.prompt,
      completionTokens: totals.completion,
      cachedTokens: totals.cached,
      cacheCreationTokens: totals.created,
    });
  });

  it('bills the recorded compaction step on top of the answer', () => {
    expect(fromAnthropicUsage(recordedMessage('anthropic-compaction.1').usage)).toMatchObject({
      promptTokens: 682 + 60385,
      completionTokens: 1320 + 592,
    });
  });

  it('reads the recorded thinking tokens', () => {
    const usage = fromAnthropicUsage(recordedMessage('anthropic-claude-opus-5-reasoning-high.1').usage);
    expect(usage).toMatchObject({ promptTokens: 51, completionTokens: 1699, reasoningTokens: 139 });
  });
});
