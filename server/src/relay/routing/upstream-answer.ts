import type { IncomingHttpHeaders } from 'node:http';
import type { ChunkStream } from '../../net/chunk-stream.ts';
import type { NowOrLater } from '../../cache/now-or-later.ts';

/**
 * What an upstream answered: its status and headers, and its body, either still to read as it
 * comes (`body`: a streamed call's answer, see net/chunk-stream.ts) or read whole already
 * (`bytes`: a call not streamed, see net/whole-answer.ts).
 */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body?: ChunkStream;
  bytes?: Buffer;
}

/** The whole body: as read already (at once), or read now to its end. */
export function answerBytes(answer: UpstreamAnswer): NowOrLater<Buffer> {
  return answer.bytes ?? readToEnd(answer.body!);
}

async function readToEnd(body: ChunkStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The body piece by piece: as it comes, or the bytes read whole as one piece. */
export function answerPieces(answer: UpstreamAnswer): AsyncIterable<Uint8Array> {
  if (answer.body) return answer.body;
  const bytes = answer.bytes ?? Buffer.alloc(0);
  return (async function* () {
    yield bytes;
  })();
}

/** The body of an answer that streams (a streamed call's; never read whole). */
export function answerStream(answer: UpstreamAnswer): ChunkStream {
  if (!answer.body) throw new Error('the answer was read whole: it has no stream');
  return answer.body;
}

/** Stops reading an answer no one will read (the call failed after it came). */
export function discardAnswer(answer: UpstreamAnswer | undefined): void {
  answer?.body?.destroy();
}
