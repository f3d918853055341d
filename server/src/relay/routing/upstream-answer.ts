import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

/** A body being read as it comes (undici's readable). */
export type BodyStream = Dispatcher.ResponseData['body'];

/**
 * What an upstream answered: its status and headers, and its body, either still to read as it
 * comes (`body`: a streamed call's answer) or read whole already (`bytes`: a call not streamed,
 * read with no stream in between; see net/whole-answer.ts).
 */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body?: BodyStream;
  bytes?: Buffer;
}

/** The whole body: as read already, or read now to its end. */
export async function answerBytes(answer: UpstreamAnswer): Promise<Buffer> {
  if (answer.bytes) return answer.bytes;
  return Buffer.from(await answer.body!.arrayBuffer());
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
export function answerStream(answer: UpstreamAnswer): BodyStream {
  if (!answer.body) throw new Error('the answer was read whole: it has no stream');
  return answer.body;
}

/** Stops reading an answer no one will read (the call failed after it came). */
export function discardAnswer(answer: UpstreamAnswer | undefined): void {
  if (answer?.body && !answer.body.destroyed) answer.body.destroy();
}
