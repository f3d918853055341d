import { describe, expect, it } from 'vitest';
import { callbackOutcome, failureTarget } from './callback-outcome.ts';

const user = { id: 3, username: 'neo', display_name: 'Neo', role: 1, status: 1, group: 'default' };

describe('callbackOutcome', () => {
  it('treats message "bind" as a binding', () => {
    expect(callbackOutcome({ success: true, message: 'bind' }, 'x')).toEqual({ kind: 'bind' });
  });

  it('logs the user in otherwise', () => {
    expect(callbackOutcome({ success: true, message: '', data: user }, 'x')).toEqual({ kind: 'login', user });
  });

  it('fails with the server message, or the fallback when there is none', () => {
    expect(callbackOutcome({ success: false, message: 'state mismatch' }, 'x')).toEqual({
      kind: 'failed',
      message: 'state mismatch',
    });
    expect(callbackOutcome({ success: false, message: '' }, 'fallback')).toEqual({
      kind: 'failed',
      message: 'fallback',
    });
    expect(callbackOutcome({ success: true, message: '' }, 'fallback')).toEqual({
      kind: 'failed',
      message: 'fallback',
    });
  });
});

describe('failureTarget', () => {
  it('sends signed-in users to personal settings and others to login', () => {
    expect(failureTarget(true)).toBe('/personal');
    expect(failureTarget(false)).toBe('/login');
  });
});
