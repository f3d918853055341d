import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedHook {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * An https server on 127.0.0.1 with a fresh self-signed certificate (made with the openssl
 * command), recording every request. `caFile` is the certificate to trust (NOTIFY_WEBHOOK_CA_FILE);
 * `answers` is the queue of statuses to answer with (the last repeats).
 */
export interface WebhookReceiver {
  url: string;
  caFile: string;
  received: ReceivedHook[];
  answers: number[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'relaygate-hook-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '1',
    ].concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']),
    { stdio: 'ignore' },
  );
  const received: ReceivedHook[] = [];
  const state = { answers: [200] };
  const server: Server = createServer(
    { key: readFileSync(keyFile), cert: readFileSync(caFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = Buffer.concat(chunks).toString('utf8');
        }
        received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
        const status = state.answers.length > 1 ? state.answers.shift()! : (state.answers[0] ?? 200);
        response.statusCode = status;
        response.end('{}');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile,
    received,
    get answers() {
      return state.answers;
    },
    set answers(value: number[]) {
      state.answers = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
