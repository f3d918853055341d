import { MockProvider } from './mock-provider.ts';
import type { MockReply } from './mock-upstream.ts';

/**
 * A JSON video vendor on loopback (Vidu, Seedance): submissions answer in turn (the last repeats);
 * a task's query path answers the states a test gives it, one per query (the last repeats); a
 * finished video is served at resultUrl(id).
 */
export class MockVideoVendor extends MockProvider {
  submits(path: string, ...replies: MockReply[]): this {
    this.upstream.reply(path, ...replies);
    return this;
  }

  /** GET {path} answers these states in turn; the video of `id` is served at resultUrl(id). */
  polls(path: string, id: string, ...states: unknown[]): this {
    this.upstream.reply(path, ...states.map((json) => ({ json })));
    this.upstream.reply(`/results/${id}.mp4`, {
      bytes: [Buffer.from(`video ${id}`)],
      headers: { 'content-type': 'video/mp4' },
    });
    return this;
  }

  resultUrl(id: string): string {
    return `${this.url}/results/${id}.mp4`;
  }
}
