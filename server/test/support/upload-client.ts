import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';

const MB = 1024 * 1024;
const BOUNDARY = '----uploadtestboundary7c1f';

export interface UploadOptions {
  url: string;
  key: string;
  /** Size of the audio file part. */
  megabytes: number;
  model: string;
  /** The model field after the file (as curl -F file=… -F model=… sends it): the gateway must read past the file. */
  modelLast?: boolean;
  /** Send no Content-Length (chunked): the gateway can only count. */
  chunked?: boolean;
  /** Stop writing after this many megabytes of the file and wait (for abort()). */
  pauseAfterMB?: number;
}

export interface UploadAnswer {
  status: number;
  body: string;
}

export interface Upload {
  /** The HTTP answer; status 0 when the connection ended without one. */
  answer: Promise<UploadAnswer>;
  /** Resolves once pauseAfterMB megabytes were written and taken by the socket. */
  paused: Promise<void>;
  /** SHA-256 and size of the file part, known once everything was written. */
  file: { sha256: string; bytes: number };
  /** The client hangs up: the socket is destroyed mid-upload. */
  abort(): void;
}

const textPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/**
 * POSTs a multipart audio upload of `megabytes` (pseudo-random bytes, 1 MB at a time with
 * backpressure, never held whole here), as a client of /v1/audio/transcriptions would.
 */
export function startUpload(options: UploadOptions): Upload {
  const model = textPart('model', options.model);
  const head =
    (options.modelLast ? '' : model) +
    textPart('response_format', 'json') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="long-talk.wav"\r\n` +
    'Content-Type: audio/wav\r\n\r\n';
  const tail = `\r\n${options.modelLast ? model : ''}--${BOUNDARY}--\r\n`;
  const size = options.megabytes * MB;
  const headers: Record<string, string | number> = {
    authorization: `Bearer ${options.key}`,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (!options.chunked) headers['content-length'] = Buffer.byteLength(head) + size + Buffer.byteLength(tail);

  const hash = createHash('sha256');
  const file = { sha256: '', bytes: 0 };
  const base = randomBytes(MB);
  let pausedResolve = () => {};
  const paused = new Promise<void>((resolve) => (pausedResolve = resolve));
  const req = request(`${options.url}/v1/audio/transcriptions`, { method: 'POST', headers });
  let answered = false;

  const answer = new Promise<UploadAnswer>((resolve) => {
    let settled = false;
    const finish = (value: UploadAnswer) => {
      if (!settled) resolve(value);
      settled = true;
    };
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => finish({ status: res.statusCode ?? 0, body }));
      res.on('error', () => finish({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => setImmediate(() => finish({ status: 0, body: '' })));
    req.on('close', () => setImmediate(() => finish({ status: 0, body: '' })));
  });

  let sent = 0;
  req.write(head);
  const pump = () => {
    while (!answered && !req.destroyed && sent < options.megabytes) {
      if (options.pauseAfterMB !== undefined && sent >= options.pauseAfterMB) {
        if (req.writableNeedDrain) return void req.once('drain', pump);
        return pausedResolve();
      }
      const chunk = Buffer.from(base);
      chunk.writeUInt32BE(sent, 0);
      hash.update(chunk);
      file.bytes += chunk.length;
      sent += 1;
      if (!req.write(chunk)) return void req.once('drain', pump);
    }
    if (sent >= options.megabytes && !req.destroyed) {
      file.sha256 = hash.digest('hex');
      req.end(tail);
    }
  };
  pump();
  return { answer, paused, file, abort: () => req.destroy() };
}

/** How many spool files a process holds open (nameless files, seen in /proc as "(deleted)"). */
export function openSpoolFiles(pid: number): number {
  const dir = `/proc/${pid}/fd`;
  return readdirSync(dir).filter((fd) => {
    try {
      return readlinkSync(`${dir}/${fd}`).includes('relaygate-upload-');
    } catch {
      return false; // Closed between the listing and the look.
    }
  }).length;
}

/** The file part and the text fields of a multipart body as an upstream received it (parsed by undici). */
export async function receivedUpload(
  body: Buffer,
  contentType: string,
): Promise<{ fields: Record<string, string>; file: { sha256: string; bytes: number; name: string } }> {
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  let file = { sha256: '', bytes: 0, name: '' };
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      file = {
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
        name: value.name,
      };
    }
  }
  return { fields, file };
}
