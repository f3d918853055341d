import type { Dispatcher } from 'undici';
import { ChunkStream } from '../../src/net/chunk-stream.ts';
import { AbortLink } from '../../src/net/outbound-request.ts';

/** A stand-in for undici's dispatch controller: pausing, resuming and aborting are recorded. */
export class FakeController implements Dispatcher.DispatchController {
  paused = false;
  aborted = false;
  reason: Error | null = null;
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  abort(reason: Error) {
    this.aborted = true;
    this.reason = reason;
  }
}

/** A ChunkStream fed by the test instead of a socket: `push` a chunk, `end` it or `fail` it. */
export function fedStream() {
  const controller = new FakeController();
  const body = new ChunkStream(new AbortLink(undefined));
  body.started(controller);
  return {
    body,
    controller,
    push: (text: string | Buffer) => body.pushed(Buffer.isBuffer(text) ? text : Buffer.from(text)),
    end: () => body.finished(),
    fail: (error: Error) => body.finished(error),
  };
}

/** What is left of a body to read, as text. */
export async function readText(body: AsyncIterable<Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of body) text += chunk.toString('utf8');
  return text;
}
