import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from './multipart-body.ts';
import { isFilePart, spoolMultipart, type SpooledForm } from './multipart-spool.ts';

const BOUNDARY = 'unit-boundary-5d2e';
const HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const dir = mkdtempSync(join(tmpdir(), 'multipart-spool-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
  'Content-Type: audio/wav\r\n\r\n';
const END = `--${BOUNDARY}--\r\n`;

/** A body sent in small pieces, as a socket delivers it. */
const body = (...pieces: Array<string | Buffer>) =>
  Readable.from(
    pieces.flatMap((piece) => {
      const bytes = Buffer.from(piece);
      const out: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += 7919) out.push(bytes.subarray(at, at + 7919));
      return out;
    }),
    { objectMode: false },
  );

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

/** Encodes the form again and parses it with undici's own parser: what an upstream would read. */
async function reencoded(form: SpooledForm) {
  const encoded = multipartBody(form.parts, (part) => form.read(part));
  const bytes = await bytesOf(encoded.stream());
  expect(bytes.length).toBe(encoded.length);
  return new Response(bytes, { headers: { 'content-type': encoded.contentType } }).formData();
}

describe('spoolMultipart', () => {
  it('keeps text fields, spools files (a field after a file too) and encodes them again intact', async () => {
    const audio = randomBytes(300_000);
    const image = randomBytes(1000);
    const form = await spoolMultipart(
      body(
        text('prompt', 'He said "hi"'),
        fileHead('file', 'talk.wav'),
        audio,
        '\r\n',
        fileHead('extra', 'empty.bin'),
        '\r\n',
        fileHead('image', 'a.png'),
        image,
        '\r\n',
        text('model', 'whisper-1'),
        END,
      ),
      HEADERS,
      { maxBytes: 1024 * 1024, dir },
    );
    expect(form.text('model')).toBe('whisper-1');
    expect(form.parts.map((part) => [part.name, isFilePart(part) ? part.size : part.value])).toEqual([
      ['prompt', 'He said "hi"'],
      ['file', audio.length],
      ['extra', 0],
      ['image', image.length],
      ['model', 'whisper-1'],
    ]);
    // Nothing named is left in the folder: the spool file has no name from the start.
    expect(readdirSync(dir)).toEqual([]);

    // Read twice, as a retry does: the same bytes each time.
    for (let round = 0; round < 2; round++) {
      const parsed = await reencoded(form);
      expect(parsed.get('prompt')).toBe('He said "hi"');
      expect(parsed.get('model')).toBe('whisper-1');
      const file = parsed.get('file') as File;
      expect(file.name).toBe('talk.wav');
      expect(file.type).toBe('audio/wav');
      expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(audio));
      expect((parsed.get('extra') as File).size).toBe(0);
      expect(sha(Buffer.from(await (parsed.get('image') as File).arrayBuffer()))).toBe(sha(image));
    }
    await form.close();
    expect(() => form.read(form.parts[1] as never)).toThrow(/closed/);
  });

  it('refuses a body over the limit with 413, announced or counted, and frees what it stored', async () => {
    const big = body(fileHead('file', 'big.wav'), randomBytes(200_000), '\r\n', END);
    await expect(
      spoolMultipart(big, { ...HEADERS, 'content-length': '200000' }, { maxBytes: 100_000, dir }),
    ).rejects.toMatchObject({ statusCode: 413, message: /too large/ });

    const source = new PassThrough();
    const refused = spoolMultipart(source, HEADERS, { maxBytes: 100_000, dir });
    source.write(fileHead('file', 'big.wav'));
    for (let i = 0; i < 30; i++) source.write(randomBytes(10_000));
    await expect(refused).rejects.toMatchObject({ statusCode: 413 });
    // The rest of the body is read and dropped, not left to block the connection.
    source.end(randomBytes(10_000));
    await new Promise((resolve) => source.once('end', resolve));
  });

  it('refuses oversized text fields and too many parts with 413', async () => {
    const longText = body(text('prompt', 'x'.repeat(2000)), END);
    await expect(
      spoolMultipart(longText, HEADERS, { maxBytes: 1e6, maxTextBytes: 1000, dir }),
    ).rejects.toMatchObject({
      statusCode: 413,
      message: /text fields/,
    });
    const many = body(...Array.from({ length: 10 }, (_, i) => text(`f${i}`, 'v')), END);
    await expect(spoolMultipart(many, HEADERS, { maxBytes: 1e6, maxParts: 5, dir })).rejects.toMatchObject({
      statusCode: 413,
      message: /more than 5 parts/,
    });
  });

  it('refuses a broken form or a missing boundary with 400', async () => {
    const cut = body(text('model', 'whisper-1'), fileHead('file', 'a.wav'), 'no end');
    await expect(spoolMultipart(cut, HEADERS, { maxBytes: 1e6, dir })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      spoolMultipart(body(END), { 'content-type': 'multipart/form-data' }, { maxBytes: 1e6, dir }),
    ).rejects.toMatchObject({ statusCode: 400, message: /not valid multipart/ });
  });

  it('gives up with 400 when the client goes away mid-upload', async () => {
    const source = new PassThrough();
    const spooled = spoolMultipart(source, HEADERS, { maxBytes: 1e6, dir });
    source.write(fileHead('file', 'a.wav'));
    source.write(randomBytes(50_000));
    source.destroy();
    await expect(spooled).rejects.toMatchObject({ statusCode: 400, message: /broke off/ });
  });
});
