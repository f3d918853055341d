import { describe, expect, it } from 'vitest';
import { quotaDisplayOf } from '../../lib/quota.ts';
import { checkTransfer, inviteLink, transferBounds } from './invite.ts';

const currency = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const units = quotaDisplayOf({ type: 'TOKENS', quotaPerUnit: 500_000 });

describe('inviteLink', () => {
  it('prefers the server address and drops its trailing slashes', () => {
    expect(inviteLink('Ab12', 'https://gw.example.com/', 'http://localhost:5173')).toBe(
      'https://gw.example.com/register?aff=Ab12',
    );
  });
  it('falls back to the page origin', () => {
    expect(inviteLink('Ab12', '', 'http://localhost:5173')).toBe('http://localhost:5173/register?aff=Ab12');
    expect(inviteLink('Ab12', undefined, 'http://localhost:5173')).toBe(
      'http://localhost:5173/register?aff=Ab12',
    );
  });
});

describe('invite transfer', () => {
  it('bounds the amount by one quota unit and the pending quota', () => {
    expect(transferBounds(1_500_000, currency)).toEqual({ min: 1, max: 3 });
    expect(transferBounds(1_500_000, units)).toEqual({ min: 500_000, max: 1_500_000 });
  });
  it('refuses less than one quota unit', () => {
    expect(checkTransfer(0.5, 2_000_000, currency)).toEqual({ quota: 250_000, error: 'tooSmall' });
    expect(checkTransfer(499_999, 2_000_000, units).error).toBe('tooSmall');
  });
  it('refuses more than is pending', () => {
    expect(checkTransfer(5, 2_000_000, currency)).toEqual({ quota: 2_500_000, error: 'tooLarge' });
  });
  it('converts an allowed amount to quota', () => {
    expect(checkTransfer(1.5, 2_000_000, currency)).toEqual({ quota: 750_000, error: null });
    expect(checkTransfer(500_000, 500_000, units)).toEqual({ quota: 500_000, error: null });
  });
});
