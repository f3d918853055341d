import { collected, fixtureJson } from './fixtures.ts';
import { MockTaskPlatform } from './mock-task-platform.ts';
import type { MockReply } from './mock-upstream.ts';

/** A recorded Suno body (upstream-collected/suno/, new-api's task API, read in place). */
export const sunoRecording = <T = Record<string, unknown>>(name: string): T =>
  fixtureJson<T>(collected(`suno/${name}`));

/** The recorded submit answers: both name the same task, so a test gives each submission its own id. */
export const recordedSubmit = (name: string, id: string): Record<string, unknown> => ({
  ...sunoRecording(name),
  data: id,
});

/**
 * A recorded task (a single fetch's, or the batch fetch's first) re-keyed to `id`, with only the
 * fields given changed: no recording has a task SUBMITTED or failed, so status (and fail_reason)
 * are the fields a test changes for those states.
 */
export function recordedSunoTask(
  name: string,
  id: string,
  changes: { status?: string; fail_reason?: string; progress?: string } = {},
): Record<string, unknown> {
  const recorded = sunoRecording<{ data: Record<string, unknown> | Array<Record<string, unknown>> }>(
    name,
  ).data;
  const task = Array.isArray(recorded) ? recorded[0]! : recorded;
  return { ...task, task_id: id, ...changes };
}

/**
 * A Suno API channel on loopback (new-api's task API, as a Suno API channel speaks it):
 * submissions answer recorded bodies, and each task moves through the states a test gives it, one
 * state per /suno/fetch poll (the last repeats), so a test sees a song go from submitted to in
 * progress to done (or failed) over several polls.
 */
export class MockSuno extends MockTaskPlatform {
  constructor() {
    super('/suno/fetch', (tasks) => ({ code: 'success', message: '', data: tasks }));
  }

  /** Answers submissions of `action` (MUSIC or LYRICS, as new-api sends it) with these replies in turn. */
  submits(action: 'MUSIC' | 'LYRICS', ...replies: MockReply[]): this {
    this.upstream.reply(`/suno/submit/${action}`, ...replies);
    return this;
  }
}
