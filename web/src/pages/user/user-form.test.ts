import type { UserView } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { quotaDisplayOf } from '../../lib/quota.ts';
import { toCreatePayload, toEditValues, toUpdatePayload } from './user-form.ts';

const currency = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const units = quotaDisplayOf({ type: 'TOKENS', quotaPerUnit: 500_000 });

describe('toCreatePayload', () => {
  it('needs a username and a password', () => {
    expect(toCreatePayload({ username: ' ', password: 'secret123' })).toBeNull();
    expect(toCreatePayload({ username: 'alice' })).toBeNull();
  });
  it('trims and leaves out a blank display name', () => {
    expect(toCreatePayload({ username: ' alice ', password: 'secret123', display_name: ' ' })).toEqual({
      username: 'alice',
      password: 'secret123',
    });
    expect(toCreatePayload({ username: 'bob', password: 'secret123', display_name: 'Bob' })).toEqual({
      username: 'bob',
      password: 'secret123',
      display_name: 'Bob',
    });
  });
});

describe('edit form', () => {
  const user = {
    id: 3,
    username: 'carol',
    display_name: 'Carol',
    group: 'vip',
    quota: 1_250_000,
  } as UserView;

  it('loads the quota in the display unit and a blank password', () => {
    expect(toEditValues(user, currency)).toEqual({
      username: 'carol',
      display_name: 'Carol',
      password: '',
      group: 'vip',
      quota: 2.5,
    });
    expect(toEditValues(user, units).quota).toBe(1_250_000);
  });

  it('saves whole quota units and leaves a blank password out', () => {
    const values = { ...toEditValues(user, currency), quota: 0.123457 };
    expect(toUpdatePayload(3, values, currency)).toEqual({
      id: 3,
      username: 'carol',
      display_name: 'Carol',
      group: 'vip',
      quota: 61_729,
    });
  });

  it('sends a new password when one is typed', () => {
    const values = { ...toEditValues(user, units), password: 'newpass99' };
    expect(toUpdatePayload(3, values, units)).toMatchObject({ password: 'newpass99', quota: 1_250_000 });
  });
});
