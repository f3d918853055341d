import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for Cloudflare's siteverify: accepts `goodToken` with `secret`, nothing else. */
export interface MockTurnstile {
  url: string;
  /** Every verification asked for, as posted (secret, response, remoteip). */
  calls: Record<string, string>[];
  close(): Promise<void>;
}

export async function startMockTurnstile(secret: string, goodToken: string): Promise<MockTurnstile> {
  const calls: Record<string, string>[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      calls.push(form);
      const success = form.secret === secret && form.response === goodToken;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
