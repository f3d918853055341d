import { describe, expect, it } from 'vitest';
import { CallCancel } from './call-cancel.ts';

describe('CallCancel', () => {
  it('cancels one attempt and gives the next a fresh signal, the client still there', () => {
    const cancel = new CallCancel();
    const first = cancel.signal;
    cancel.cancelAttempt();
    expect(first.aborted).toBe(true);
    expect(cancel.signal).not.toBe(first);
    expect(cancel.signal.aborted).toBe(false);
    expect(cancel.clientGone).toBe(false);
  });

  it('keeps one signal for a call no attempt of which was cancelled', () => {
    const cancel = new CallCancel();
    expect(cancel.signal).toBe(cancel.signal);
  });

  it('stops the call for good when the client hangs up, whatever the attempts do after', () => {
    const cancel = new CallCancel();
    cancel.cancelAttempt();
    const current = cancel.signal;
    cancel.hangUp();
    expect(current.aborted).toBe(true);
    expect(cancel.clientGone).toBe(true);
    cancel.cancelAttempt();
    expect(cancel.signal.aborted).toBe(true);
  });
});
