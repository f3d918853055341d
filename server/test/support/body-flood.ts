import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const CHUNK = Buffer.alloc(1024 * 1024, 0x61);

/** A process's memory from /proc: resident now and the peak (high-water mark), in bytes. */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) =>
    Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(name))!)![1]) * 1024;
  return { rss: kb('VmRSS:'), peak: kb('VmHWM:') };
}

/**
 * POSTs a body of `megabytes` (announced in Content-Length, sent 1 MB at a time with backpressure,
 * never held whole here) and answers the HTTP status, or 0 when the connection ended without one.
 * Sending stops as soon as the answer arrives or the server closes the connection.
 */
export function sendLargeBody(
  url: string,
  headers: Record<string, string>,
  megabytes: number,
): Promise<number> {
  return new Promise((resolve) => {
    let status = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(status);
    };
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': megabytes * CHUNK.length, ...headers },
    });
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', finish);
    req.on('close', () => setImmediate(finish));
    let sent = 0;
    const pump = () => {
      while (!done && status === 0 && sent < megabytes) {
        sent += 1;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (sent >= megabytes) req.end();
    };
    pump();
  });
}
