import { describe, expect, it } from 'vitest';
import {
  appendText,
  completeReply,
  failReply,
  loadingReply,
  nextMessageId,
  settleInterrupted,
  updateMessage,
  userMessage,
} from './messages.ts';

describe('playground message states (spec 001 §4)', () => {
  it('a reply starts loading; the first text makes it incomplete; more text appends', () => {
    const reply = loadingReply(5, 1);
    expect(reply).toEqual({ role: 'assistant', id: '5', createAt: 1, content: '', status: 'loading' });
    const first = appendText(reply, 'Hel');
    expect(first).toMatchObject({ content: 'Hel', status: 'incomplete' });
    expect(appendText(first, 'lo')).toMatchObject({ content: 'Hello', status: 'incomplete' });
  });

  it('the end makes it complete, from loading or incomplete', () => {
    expect(completeReply(loadingReply(5))).toMatchObject({ content: '', status: 'complete' });
    expect(completeReply(appendText(loadingReply(5), 'x'))).toMatchObject({
      content: 'x',
      status: 'complete',
    });
  });

  it('an error appends its text and makes it error', () => {
    expect(failReply(loadingReply(5), 'quota exhausted')).toMatchObject({
      content: 'quota exhausted',
      status: 'error',
    });
    expect(failReply(appendText(loadingReply(5), 'partial'), 'broke')).toMatchObject({
      content: 'partial\n\nbroke',
      status: 'error',
    });
  });

  it('a finished message never changes', () => {
    const complete = completeReply(appendText(loadingReply(5), 'done'));
    const failed = failReply(loadingReply(6), 'failed');
    for (const finished of [complete, failed, userMessage(4, 'hi')]) {
      expect(appendText(finished, 'more')).toBe(finished);
      expect(completeReply(finished)).toBe(finished);
      expect(failReply(finished, 'late error')).toBe(finished);
    }
  });

  it('ids count from 4 and follow the highest id in the conversation', () => {
    expect(nextMessageId([])).toBe(4);
    expect(nextMessageId([userMessage(4, 'a'), loadingReply(5)])).toBe(6);
    expect(nextMessageId([userMessage(12, 'a'), userMessage(7, 'b')])).toBe(13);
    expect(nextMessageId([{ ...userMessage(4, 'a'), id: 'not-a-number' }])).toBe(4);
  });

  it('updates only the message with the given id', () => {
    const messages = [userMessage(4, 'q'), loadingReply(5)];
    const updated = updateMessage(messages, '5', (m) => appendText(m, 'a'));
    expect(updated[0]).toBe(messages[0]);
    expect(updated[1]).toMatchObject({ content: 'a', status: 'incomplete' });
  });

  it('after a reload, a reply cut off with text is complete and one without is an error', () => {
    const messages = [
      userMessage(4, 'q'),
      appendText(loadingReply(5), 'half'),
      userMessage(6, 'q2'),
      loadingReply(7),
      failReply(loadingReply(8), 'old error'),
    ];
    const settled = settleInterrupted(messages, 'interrupted');
    expect(settled.map((m) => m.status)).toEqual([undefined, 'complete', undefined, 'error', 'error']);
    expect(settled[1]!.content).toBe('half');
    expect(settled[3]!.content).toBe('interrupted');
    expect(settled[4]!.content).toBe('old error');
  });
});
