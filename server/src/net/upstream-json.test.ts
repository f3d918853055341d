import { describe, expect, it } from 'vitest';
import { numberAt, redact, UpstreamQueryError } from './upstream-json.ts';

describe('upstream answers', () => {
  it('redacts the key wherever it appears', () => {
    expect(redact('Incorrect API key provided: sk-secret-1 (sk-secret-1)', 'sk-secret-1')).toBe(
      'Incorrect API key provided: *** (***)',
    );
    expect(redact('short keys are left alone: ab', 'ab')).toBe('short keys are left alone: ab');
  });

  it('reads numbers at a path, numeric strings included', () => {
    expect(numberAt({ data: { totalBalance: '12.5' } }, 'data.totalBalance')).toBe(12.5);
    expect(numberAt({ hard_limit_usd: 100 }, 'hard_limit_usd')).toBe(100);
    expect(() => numberAt({ data: {} }, 'data.total')).toThrow(
      'the upstream answer has no number at data.total',
    );
    expect(() => numberAt({ data: { total: 'abc' } }, 'data.total')).toThrow(/no number/);
    expect(() => numberAt(null, 'x')).toThrow(/no number/);
  });

  it('fails as a business refusal the console shows in its language', () => {
    let error: unknown;
    try {
      numberAt({}, 'data.balance');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UpstreamQueryError);
    expect(error).toMatchObject({ statusCode: 200, text: { id: 'upstream.noNumberAt' } });
  });
});
