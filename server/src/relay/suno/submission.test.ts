import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../../store/platform-tasks.ts';
import { RelayError } from '../call/relay-error.ts';
import { sunoRowUpdate } from './poll.ts';
import { acceptedTaskId } from './submit.ts';
import { readSunoSubmission, sunoActionOf } from './submission.ts';

const refusal = (run: () => unknown): { status: number; code: string | null; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof RelayError)
      return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('reading a Suno submission as new-api does', () => {
  it('knows music and lyrics in any case, and nothing else', () => {
    expect([sunoActionOf('music'), sunoActionOf('LYRICS'), sunoActionOf('Music')]).toEqual([
      'MUSIC',
      'LYRICS',
      'MUSIC',
    ]);
    expect(refusal(() => sunoActionOf('fetch'))).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it("keeps new-api's fields only, leaves empty ones out, and gives a song chirp-v3-0", () => {
    const read = readSunoSubmission('MUSIC', {
      prompt: '[Verse]',
      title: '',
      tags: 'pop',
      continue_at: 0,
      model: 'not a field',
    });
    expect(read).toEqual({
      sent: { prompt: '[Verse]', tags: 'pop', make_instrumental: false, mv: 'chirp-v3-0' },
    });
    expect(readSunoSubmission('MUSIC', { mv: 'chirp-v4', make_instrumental: true }).sent).toEqual({
      mv: 'chirp-v4',
      make_instrumental: true,
    });
  });

  it('needs a prompt for lyrics, a task for a continuation, and fields of their type', () => {
    expect(refusal(() => readSunoSubmission('LYRICS', { prompt: '' })).message).toContain('prompt_empty');
    expect(refusal(() => readSunoSubmission('MUSIC', { continue_clip_id: 'c' })).message).toContain(
      'task id is empty',
    );
    expect(readSunoSubmission('MUSIC', { continue_clip_id: 'c', task_id: 't', continue_at: 12.5 })).toEqual({
      sent: {
        continue_clip_id: 'c',
        task_id: 't',
        continue_at: 12.5,
        make_instrumental: false,
        mv: 'chirp-v3-0',
      },
      originTaskId: 't',
    });
    for (const body of [{ prompt: 1 }, { continue_at: '12' }, { make_instrumental: 'true' }, { tags: ['a'] }])
      expect(
        refusal(() => readSunoSubmission('MUSIC', body)),
        JSON.stringify(body),
      ).toMatchObject({
        status: 400,
        code: 'invalid_request',
      });
  });

  it("accepts an upstream's success with a task id, and refuses anything else", () => {
    expect(acceptedTaskId(200, '{"code":"success","message":"","data":"abc"}')).toBe('abc');
    const refused: Array<[number, string, number, string]> = [
      [500, 'boom', 502, 'fail_to_fetch_task'],
      [429, 'slow down', 429, 'fail_to_fetch_task'],
      [302, '', 502, 'fail_to_fetch_task'],
      [200, 'not json', 502, 'unmarshal_response_body_failed'],
      [200, '{"code":"banned","message":"no","data":null}', 502, 'banned'],
      [200, '{"code":"success","data":{"id":"x"}}', 502, 'unmarshal_response_body_failed'],
    ];
    for (const [status, text, answered, code] of refused)
      expect(
        refusal(() => acceptedTaskId(status, text)),
        text,
      ).toMatchObject({ status: answered, code });
  });
});

describe("applying what the upstream's fetch says of a task", () => {
  const row = {
    status: 'SUBMITTED',
    progress: '0%',
    fail_reason: '',
    start_time: 10,
    finish_time: 0,
    data: null,
  } as unknown as TaskRow;

  it('takes the status, times and data it gives, and keeps the rest', () => {
    const update = sunoRowUpdate(row, {
      status: 'IN_PROGRESS',
      progress: '40%',
      start_time: 20,
      data: [{ id: 'c' }],
    });
    expect(update).toMatchObject({ status: 'IN_PROGRESS', progress: '40%', start_time: 20, finish_time: 0 });
    expect(update.data).toBe('[{"id":"c"}]');
    const silent = sunoRowUpdate(row, { task_id: 'x' });
    expect(silent).toMatchObject({ status: 'SUBMITTED', progress: '0%', start_time: 10, fail_reason: '' });
    expect(silent).not.toHaveProperty('data');
  });

  it('finishes a task at 100%, and reads a status it does not know as UNKNOWN', () => {
    const done = sunoRowUpdate(row, { status: 'SUCCESS', progress: '99%' });
    expect(done.progress).toBe('100%');
    expect(done.finish_time).toBeGreaterThan(0);
    expect(sunoRowUpdate(row, { status: 'streaming', progress: 'x'.repeat(40) })).toMatchObject({
      status: 'UNKNOWN',
      progress: 'x'.repeat(20),
    });
  });
});
