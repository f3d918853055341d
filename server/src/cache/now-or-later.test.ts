import { describe, expect, it } from 'vitest';
import { caught, thenNow } from './now-or-later.ts';

describe('thenNow', () => {
  it('applies the next step at once to a value that is here', () => {
    expect(thenNow(2, (n) => n * 3)).toBe(6);
    expect(() =>
      thenNow(2, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
  });

  it('applies it once a promised value arrives, and rejects with what it throws', async () => {
    const later = thenNow(Promise.resolve(2), (n) => thenNow(n + 1, (m) => m * 3));
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(9);
    await expect(
      thenNow(Promise.resolve(2), () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
  });
});

describe('caught', () => {
  const refusedAs = (error: unknown) => `refused: ${(error as Error).message}`;

  it('answers a value at hand at once, and what the failure makes of a throw', () => {
    expect(caught(() => 'ok', refusedAs)).toBe('ok');
    expect(
      caught(() => {
        throw new Error('no');
      }, refusedAs),
    ).toBe('refused: no');
  });

  it('answers a promise, recovered from its rejection', async () => {
    expect(await caught(() => Promise.resolve('ok'), refusedAs)).toBe('ok');
    expect(await caught(() => Promise.reject(new Error('later')), refusedAs)).toBe('refused: later');
  });
});
