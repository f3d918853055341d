import { collected, fixtureJson } from './fixtures.ts';
import { MockProvider } from './mock-provider.ts';
import type { MockReply } from './mock-upstream.ts';

/** A recorded Kling body (upstream-collected/kling/, read in place). */
export const klingRecording = <T = Record<string, unknown>>(name: string): T =>
  fixtureJson<T>(collected(`kling/${name}`));

type KlingAnswer = { data: Record<string, unknown> } & Record<string, unknown>;

/**
 * A recorded submission answer as a later state of its task: no recording of a finished query is
 * kept in the folder, so the state is the recorded answer with task_status (and the result or the
 * failure message) changed.
 */
export function klingState(name: string, status: string, changes: Record<string, unknown> = {}): KlingAnswer {
  const recorded = klingRecording<KlingAnswer>(name);
  return { ...recorded, data: { ...recorded.data, task_status: status, ...changes } };
}

/**
 * Kling's API on loopback: submissions answer recorded bodies; each task moves through the states a
 * test gives it, one per query (the last repeats); a finished video is served at /results/{id}.mp4.
 */
export class MockKling extends MockProvider {
  /** POST {path} (e.g. /v1/videos/text2video) answers these in turn. */
  submits(path: string, ...replies: MockReply[]): this {
    this.upstream.reply(path, ...replies);
    return this;
  }

  /** GET {path}/{id} answers these states; the video is served at resultUrl(id). */
  task(path: string, id: string, ...states: KlingAnswer[]): this {
    this.upstream.reply(`${path}/${id}`, ...states.map((json) => ({ json })));
    this.upstream.reply(`/results/${id}.mp4`, {
      bytes: [Buffer.from(`kling video ${id}`)],
      headers: { 'content-type': 'video/mp4' },
    });
    return this;
  }

  resultUrl(id: string): string {
    return `${this.url}/results/${id}.mp4`;
  }
}
