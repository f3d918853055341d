import type { Readable } from 'node:stream';

/** A task upstream's answer was longer than the gateway reads. */
export class AnswerTooLarge extends Error {}

/**
 * Reads a task upstream's answer whole, up to `maxBytes` (past it the body is dropped and
 * AnswerTooLarge thrown); a body that breaks off throws as the stream does.
 */
export async function readBoundedAnswer(body: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw new AnswerTooLarge(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
