import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { isFilePart, type FilePart, type FormPart } from './multipart-spool.ts';

/** A request body sent as a stream, with the length and type it is announced with. */
export interface StreamedBody {
  contentType: string;
  length: number;
  /** A fresh stream of the whole body: each call (each retry) reads the files again. */
  stream(): Readable;
}

/** A name or file name inside a quoted header parameter, escaped as browsers do (WHATWG). */
const quoted = (text: string): string =>
  `"${text.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22')}"`;

function partHead(boundary: string, part: FormPart): Buffer {
  const disposition = `Content-Disposition: form-data; name=${quoted(part.name)}`;
  const head = isFilePart(part)
    ? `${disposition}; filename=${quoted(part.filename)}\r\nContent-Type: ${part.type || 'application/octet-stream'}`
    : disposition;
  return Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`);
}

/**
 * Encodes form parts as multipart/form-data: text parts from memory, file parts streamed by `read`
 * (so a file is never held whole here), with the exact Content-Length computed up front.
 */
export function multipartBody(
  parts: readonly FormPart[],
  read: (part: FilePart) => AsyncIterable<Buffer>,
): StreamedBody {
  const boundary = `----RelaygateFormBoundary${randomBytes(16).toString('hex')}`;
  const CRLF = Buffer.from('\r\n');
  const pieces = parts.map((part) => ({
    head: partHead(boundary, part),
    text: isFilePart(part) ? undefined : Buffer.from(part.value),
    part,
  }));
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length =
    pieces.reduce(
      (sum, { head, text, part }) =>
        sum + head.length + (text ? text.length : (part as FilePart).size) + CRLF.length,
      0,
    ) + tail.length;

  async function* chunks(): AsyncGenerator<Buffer> {
    for (const { head, text, part } of pieces) {
      yield head;
      if (text) yield text;
      else yield* read(part as FilePart);
      yield CRLF;
    }
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    stream: () => Readable.from(chunks(), { objectMode: false }),
  };
}
