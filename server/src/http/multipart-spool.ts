import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { Transform, type Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { SpoolFile, type SpoolRange } from './spool-file.ts';

export interface TextPart {
  name: string;
  value: string;
}

export interface FilePart extends SpoolRange {
  name: string;
  filename: string;
  type: string;
}

export type FormPart = TextPart | FilePart;

export const isFilePart = (part: FormPart): part is FilePart => 'filename' in part;

export interface SpoolLimits {
  /** The whole body as it arrives, in bytes. */
  maxBytes: number;
  /** All text fields together, in bytes (they are held in memory). */
  maxTextBytes?: number;
  /** Text fields and files together. */
  maxParts?: number;
  /** Where the nameless spool file is created; the system's temporary folder by default. */
  dir?: string;
}

const MAX_TEXT_BYTES = 1024 * 1024;
const MAX_PARTS = 64;

/** A refusal of the body, with the HTTP status it deserves (the caller answers it in its own format). */
export const bodyError = (statusCode: number, message: string): Error & { statusCode: number } =>
  Object.assign(new Error(message), { statusCode });

export const tooLarge = (maxBytes: number) =>
  bodyError(413, `the request body is too large (at most ${Math.floor(maxBytes / 1024 / 1024)} MB)`);

const NOT_MULTIPART = 'the request body is not valid multipart form data';

/** An uploaded form whose files sit in a spool file: read them as often as needed, then close(). */
export class SpooledForm {
  readonly parts: readonly FormPart[];
  private readonly spool: SpoolFile;

  constructor(parts: readonly FormPart[], spool: SpoolFile) {
    this.parts = parts;
    this.spool = spool;
  }

  /** The first text field of this name. */
  text(name: string): string | undefined {
    return this.parts.find((part): part is TextPart => part.name === name && !isFilePart(part))?.value;
  }

  /** A file part's bytes, read afresh from the spool. */
  read(part: FilePart): AsyncIterable<Buffer> {
    return this.spool.read(part);
  }

  close(): Promise<void> {
    return this.spool.close();
  }
}

/** Counts the body's bytes on their way to the parser and stops at the limit. */
function byteLimit(maxBytes: number, onExceeded: () => void): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) {
        onExceeded();
        return callback();
      }
      callback(null, chunk);
    },
  });
}

/**
 * Reads a multipart/form-data body as it arrives: text fields into memory (a bounded amount), files
 * into a nameless temporary file, never the whole body into memory. Past `maxBytes` (announced or
 * counted) it stops reading and refuses with 413; a broken form is a 400; either way, and when the
 * client goes away mid-upload, everything stored so far is freed before the promise settles.
 */
export function spoolMultipart(
  source: Readable,
  headers: IncomingHttpHeaders,
  limits: SpoolLimits,
): Promise<SpooledForm> {
  const maxText = limits.maxTextBytes ?? MAX_TEXT_BYTES;
  const maxParts = limits.maxParts ?? MAX_PARTS;
  if (Number(headers['content-length']) > limits.maxBytes) return Promise.reject(tooLarge(limits.maxBytes));
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: headers as IncomingHttpHeaders & { 'content-type': string },
      limits: { fieldSize: maxText, parts: maxParts },
    });
  } catch {
    return Promise.reject(bodyError(400, NOT_MULTIPART));
  }
  const spool = new SpoolFile(limits.dir ?? tmpdir());
  const parts: FormPart[] = [];
  let textBytes = 0;
  let stored: Promise<unknown> = Promise.resolve();

  return new Promise<SpooledForm>((resolve, reject) => {
    let settled = false;
    const counter = byteLimit(limits.maxBytes, () => fail(tooLarge(limits.maxBytes)));
    const brokeOff = () => {
      if (!source.readableEnded) fail(bodyError(400, 'the upload broke off before it ended'));
    };
    const detach = () => {
      source.unpipe(counter);
      // Whatever is left of the body is read and dropped (as Node does for a body no one reads), so
      // the answer reaches a client still sending; the server's body timeout bounds how long.
      source.resume();
      counter.unpipe(parser);
      source.off('close', brokeOff);
      source.off('error', brokeOff);
    };
    function fail(error: Error) {
      if (settled) return;
      settled = true;
      detach();
      void spool.close().finally(() => reject(error));
    }

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      textBytes += Buffer.byteLength(value);
      if (valueTruncated || textBytes > maxText) {
        return fail(bodyError(413, `the form's text fields are larger than ${maxText} bytes`));
      }
      parts.push({ name, value });
    });
    parser.on('file', (name, stream, filename, _encoding, type) => {
      // A form cut mid-file errors this stream as well as the parser, which reports it.
      stream.on('error', () => {});
      if (settled) return void stream.resume();
      const part: FilePart = { name, filename, type, offset: 0, size: 0 };
      parts.push(part);
      // One part after the other: the next waits (and the parser with it) until this one is stored.
      stored = stored.then(async () => Object.assign(part, await spool.append(stream)));
      stored.catch(fail);
    });
    parser.on('partsLimit', () => fail(bodyError(413, `the form has more than ${maxParts} parts`)));
    parser.on('error', () => fail(bodyError(400, NOT_MULTIPART)));
    parser.on('finish', () => {
      void stored.then(() => {
        if (settled) return;
        settled = true;
        detach();
        resolve(new SpooledForm(parts, spool));
      }, fail);
    });
    source.once('close', brokeOff);
    source.once('error', brokeOff);
    source.pipe(counter).pipe(parser);
  });
}
