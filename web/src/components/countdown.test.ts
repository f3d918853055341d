import { describe, expect, it } from 'vitest';
import { RESEND_WAIT_SECONDS, secondsLeft, withCountdown } from './countdown.ts';

describe('secondsLeft', () => {
  it('is zero before any send', () => {
    expect(secondsLeft(null, 1000)).toBe(0);
  });

  it('counts the full wait right after a send and rounds partial seconds up', () => {
    const start = 10_000;
    const endsAt = start + RESEND_WAIT_SECONDS * 1000;
    expect(secondsLeft(endsAt, start)).toBe(30);
    expect(secondsLeft(endsAt, start + 100)).toBe(30);
    expect(secondsLeft(endsAt, start + 29_001)).toBe(1);
  });

  it('never goes below zero', () => {
    expect(secondsLeft(5000, 5000)).toBe(0);
    expect(secondsLeft(5000, 9000)).toBe(0);
  });
});

describe('withCountdown', () => {
  it('adds the seconds only while waiting', () => {
    expect(withCountdown('Send', 12)).toBe('Send (12)');
    expect(withCountdown('Send', 0)).toBe('Send');
  });
});
