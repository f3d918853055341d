import { collected, fixtureJson } from './fixtures.ts';
import { MockTaskPlatform } from './mock-task-platform.ts';
import type { MockReply } from './mock-upstream.ts';

/** A recorded midjourney-proxy body (upstream-collected/midjourney-proxy/, read in place). */
export const mjRecording = <T = Record<string, unknown>>(name: string): T =>
  fixtureJson<T>(collected(`midjourney-proxy/${name}`));

/**
 * A recorded task object answered for task `id`, with only the fields given changed: the poll
 * finds a task by its id, so the recorded object is re-keyed to the id the recorded submission
 * gave; where no recording has the state (FAILURE), status and failReason are the fields changed.
 */
export function recordedTask(
  name: string,
  id: string,
  changes: { status?: string; failReason?: string } = {},
): Record<string, unknown> {
  const recorded = mjRecording<Record<string, unknown> | Array<Record<string, unknown>>>(name);
  const task = Array.isArray(recorded) ? recorded[0]! : recorded;
  return { ...task, id, ...changes };
}

/**
 * A midjourney-proxy on loopback: submissions answer recorded bodies, and each task moves through
 * the states a test gives it, one state per task-list poll (the last repeats), so a test sees a
 * drawing go from submitted to in progress to done (or failed) over several polls.
 */
export class MockMidjourney extends MockTaskPlatform {
  constructor() {
    super('/mj/task/list-by-condition', (tasks) => tasks);
  }

  /** Answers submissions to `path` (e.g. /mj/submit/imagine) with these replies in turn. */
  submits(path: string, ...replies: MockReply[]): this {
    this.upstream.reply(path, ...replies);
    return this;
  }
}
