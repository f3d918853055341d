import type { UserView } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { toCreatePayload, toEditValues, toUpdatePayload } from './user-form.ts';

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

  it('loads the fields with a blank password, and not the quota (adjusted apart)', () => {
    expect(toEditValues(user)).toEqual({
      username: 'carol',
      display_name: 'Carol',
      password: '',
      group: 'vip',
    });
  });

  it('saves without the quota, so a save never overwrites the balance, and leaves a blank password out', () => {
    expect(toUpdatePayload(3, { ...toEditValues(user), display_name: ' C ' })).toEqual({
      id: 3,
      username: 'carol',
      display_name: 'C',
      group: 'vip',
    });
  });

  it('sends a new password when one is typed', () => {
    const values = { ...toEditValues(user), password: 'newpass99' };
    expect(toUpdatePayload(3, values)).toMatchObject({ password: 'newpass99' });
  });
});
