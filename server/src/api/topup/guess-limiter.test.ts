import { describe, expect, it } from 'vitest';
import { GuessLimiter } from './guess-limiter.ts';

describe('guess limiter', () => {
  it('blocks a caller after the limit of failures, and only that caller', async () => {
    const limiter = new GuessLimiter(3, 60);
    for (let i = 0; i < 2; i++) await limiter.fail(['user:1', 'ip:a']);
    expect(await limiter.blocked(['user:1', 'ip:a'])).toBe(false);
    await limiter.fail(['user:1', 'ip:b']);
    expect(await limiter.blocked(['user:1', 'ip:c'])).toBe(true);
    expect(await limiter.blocked(['user:2', 'ip:a'])).toBe(false);
    await limiter.fail(['user:2', 'ip:a']);
    expect(await limiter.blocked(['user:3', 'ip:a'])).toBe(true);
  });
});
