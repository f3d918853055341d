import { Role } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { isDefaultRootLogin } from './default-password.ts';

describe('isDefaultRootLogin', () => {
  it('asks root with the default password to change it', () => {
    expect(isDefaultRootLogin({ username: 'root', password: '123456' }, Role.Root)).toBe(true);
    expect(isDefaultRootLogin({ username: ' root ', password: '123456' }, Role.Root)).toBe(true);
  });

  it('leaves other passwords, names and roles alone', () => {
    expect(isDefaultRootLogin({ username: 'root', password: '1234567' }, Role.Root)).toBe(false);
    expect(isDefaultRootLogin({ username: 'admin', password: '123456' }, Role.Root)).toBe(false);
    expect(isDefaultRootLogin({ username: 'root', password: '123456' }, Role.Admin)).toBe(false);
  });
});
