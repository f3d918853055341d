import type { TokenView } from '@relaygate/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { quotaDisplayOf } from '../../lib/quota.ts';
import {
  DEFAULT_TOKEN_QUOTA,
  emptyTokenForm,
  formToPayload,
  isValidCount,
  isValidQuota,
  tokenToForm,
} from './token-form.ts';

const currency = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const units = quotaDisplayOf({ type: 'TOKENS', quotaPerUnit: 500_000 });

const token: TokenView = {
  id: 7,
  user_id: 1,
  key: 'abc',
  status: 1,
  name: 'team',
  created_time: 1,
  accessed_time: 1,
  expired_time: 1_900_000_000,
  remain_quota: 1_000_000,
  unlimited_quota: false,
  model_limits_enabled: true,
  model_limits: 'gpt-4o,claude-3',
  allow_ips: '10.0.0.1\n10.0.0.0/8',
  used_quota: 0,
  group: 'vip',
  rpm_limit: 60,
  tpm_limit: 0,
  concurrency_limit: 2,
  period_quota: 2_500_000,
  quota_period: 'daily',
};

describe('token form', () => {
  it('starts with 1$ of quota, no expiry and one token', () => {
    const empty = emptyTokenForm(currency);
    expect(empty.remain_quota).toBe(1);
    expect(emptyTokenForm(units).remain_quota).toBe(DEFAULT_TOKEN_QUOTA);
    expect(empty.expired_time).toBeNull();
    expect(empty.count).toBe(1);
  });

  it('creates with a count, -1 for never and comma-separated models', () => {
    const payload = formToPayload(
      { ...emptyTokenForm(currency), name: ' t ', count: 3, model_limits: ['a', 'b'] },
      currency,
    );
    expect(payload).toEqual({
      name: 't',
      group: '',
      expired_time: -1,
      remain_quota: 500_000,
      unlimited_quota: false,
      count: 3,
      model_limits_enabled: false,
      model_limits: 'a,b',
      allow_ips: '',
      rpm_limit: 0,
      tpm_limit: 0,
      concurrency_limit: 0,
      period_quota: 0,
      quota_period: '',
    });
  });

  it('round-trips an edited token with its id and without a count', () => {
    const values = tokenToForm(token, currency);
    expect(values.remain_quota).toBe(2);
    expect(values.model_limits).toEqual(['gpt-4o', 'claude-3']);
    const payload = formToPayload(values, currency, 7);
    expect(payload).toMatchObject({
      id: 7,
      name: 'team',
      group: 'vip',
      expired_time: 1_900_000_000,
      remain_quota: 1_000_000,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,claude-3',
      allow_ips: '10.0.0.1\n10.0.0.0/8',
      rpm_limit: 60,
      concurrency_limit: 2,
      period_quota: 2_500_000,
      quota_period: 'daily',
    });
    expect(values.period_quota).toBe(5);
    expect(payload).not.toHaveProperty('count');
  });

  it('drops blank lines of allow_ips and converts a picked date', () => {
    const payload = formToPayload(
      {
        ...emptyTokenForm(units),
        name: 'x',
        allow_ips: ' 1.2.3.4 \r\n\n5.6.7.8\n',
        expired_time: dayjs.unix(1_800_000_000),
      },
      units,
    );
    expect(payload.allow_ips).toBe('1.2.3.4\n5.6.7.8');
    expect(payload.expired_time).toBe(1_800_000_000);
    expect(payload.remain_quota).toBe(DEFAULT_TOKEN_QUOTA);
  });

  it('refuses an expiry that is not a date', () => {
    expect(() => formToPayload({ ...emptyTokenForm(units), expired_time: dayjs('bad') }, units)).toThrow();
  });

  it('validates count and quota', () => {
    expect(isValidCount(1)).toBe(true);
    expect(isValidCount('10')).toBe(true);
    expect(isValidCount(0)).toBe(false);
    expect(isValidCount(1.5)).toBe(false);
    expect(isValidQuota(0)).toBe(true);
    expect(isValidQuota(-1)).toBe(false);
    expect(isValidQuota(null)).toBe(false);
  });
});
