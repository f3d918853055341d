import { collected, fixtureJson } from './fixtures.ts';
import { MockProvider } from './mock-provider.ts';
import type { MockReply } from './mock-upstream.ts';

/** A recorded OpenAI Videos API body (upstream-collected/openai-video/, read in place). */
export const videoRecording = <T = Record<string, unknown>>(name: string): T =>
  fixtureJson<T>(collected(`openai-video/${name}`));

/**
 * A recorded video object re-keyed to the task `id` and with only the fields given changed: no
 * recording has a completed or failed video, so those states are the in-progress recording with
 * status (and progress, error, seconds) changed.
 */
export function recordedVideo(
  name: string,
  id: string,
  changes: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...videoRecording(name), id, ...changes };
}

/** The in-progress recording of `id` turned completed (with the duration it came out at, when given). */
export const completedVideo = (id: string, seconds?: string) =>
  recordedVideo('retrieve.in-progress-33.sora-2-pro.doc-openai-guide.json', id, {
    status: 'completed',
    progress: 100,
    completed_at: 1758941600,
    ...(seconds && { seconds }),
  });

/** The in-progress recording of `id` turned failed. */
export const failedVideo = (id: string, message: string) =>
  recordedVideo('retrieve.in-progress-33.sora-2-pro.doc-openai-guide.json', id, {
    status: 'failed',
    error: { code: 'moderation_blocked', message },
  });

/**
 * OpenAI's Videos API on loopback: submissions answer recorded bodies, each task moves through the
 * states a test gives it, one per retrieval (the last repeats), and a finished one serves its bytes.
 */
export class MockVideos extends MockProvider {
  /** POST /v1/videos answers these in turn. */
  creates(...replies: MockReply[]): this {
    this.upstream.reply('/v1/videos', ...replies);
    return this;
  }

  /** Task `id` answers these states to successive retrievals, and serves `content` as its video. */
  task(
    id: string,
    states: Array<Record<string, unknown>>,
    content = Buffer.from('mp4 bytes of ' + id),
  ): this {
    this.upstream.reply(`/v1/videos/${id}`, ...states.map((json) => ({ json })));
    this.upstream.reply(`/v1/videos/${id}/content`, {
      bytes: [content.subarray(0, 5), content.subarray(5)],
      headers: { 'content-type': 'video/mp4' },
    });
    return this;
  }

  /** POST /v1/videos/{id}/remix answers these. */
  remixes(id: string, ...replies: MockReply[]): this {
    this.upstream.reply(`/v1/videos/${id}/remix`, ...replies);
    return this;
  }

  /** How many retrievals of task `id` reached the mock. */
  polls(id: string): number {
    return this.upstream.requestsTo(`/v1/videos/${id}`).length;
  }
}
