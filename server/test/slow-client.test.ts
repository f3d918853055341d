import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedToken } from './support/relay-seed.ts';
import { waitFor } from './support/wait.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

/** Far longer than the test's timeouts; the trickle would take many minutes to finish. */
const GIVE_UP_MS = 20_000;

interface Trickle {
  /** What the server sent back before closing. */
  received: string;
  /** Bytes of the body sent when the server closed the connection. */
  sent: number;
  closed: boolean;
}

/**
 * Opens a connection, sends `head` and then one byte every 50 ms of a 100 000-byte body, and
 * answers once the server closes the connection (or fails after GIVE_UP_MS).
 */
function trickle(url: string, head: string): Promise<Trickle> {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  const state: Trickle = { received: '', sent: 0, closed: false };
  socket.on('data', (chunk) => (state.received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write('a', () => (state.sent += 1));
  }, 50);
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after ${GIVE_UP_MS} ms, ${state.sent} bytes sent`));
    }, GIVE_UP_MS);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      state.closed = true;
      resolve(state);
    });
  });
}

const post = (path: string, headers: string) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n${headers}\r\n`;

describe.skipIf(databaseUnavailable())('slow clients are cut off', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({
      HTTP_HEADERS_TIMEOUT: '1',
      HTTP_BODY_TIMEOUT: '2',
      HTTP_KEEP_ALIVE_TIMEOUT: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes a connection trickling a relay body with a good key, with 408', async () => {
    const token = await seedToken(t, { unlimited: true });
    const result = await trickle(
      t.url,
      post('/v1/chat/completions', `Authorization: Bearer ${token.key}\r\n`),
    );
    expect(result.closed).toBe(true);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
    expect(result.sent).toBeLessThan(100_000);
  });

  it('closes a connection trickling a body with no key', async () => {
    const result = await trickle(t.url, post('/v1/chat/completions', ''));
    expect(result.closed).toBe(true);
    expect(result.received).toMatch(/^HTTP\/1\.1 401/);
    expect(result.sent).toBeLessThan(100_000);
  });

  it('closes a connection trickling a console body', async () => {
    const result = await trickle(t.url, post('/api/user/login', ''));
    expect(result.closed).toBe(true);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never end', async () => {
    const result = await trickle(t.url, 'GET /api/status HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(result.closed).toBe(true);
    expect(result.received).not.toMatch(/200 OK/);
  });

  it('closes an idle keep-alive connection', async () => {
    const { hostname, port } = new URL(t.url);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.write('GET /api/status HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise<void>((resolve, reject) => {
      const giveUp = setTimeout(() => reject(new Error('idle connection still open')), GIVE_UP_MS);
      socket.on('close', () => (clearTimeout(giveUp), resolve()));
    });
    expect(received).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe.skipIf(databaseUnavailable())('a request refused before its body is read', () => {
  let t: TestServer;

  beforeAll(async () => {
    // Limits far beyond the test's patience: only the refusal itself may end the connection.
    t = await startTestServer({ HTTP_HEADERS_TIMEOUT: '300', HTTP_BODY_TIMEOUT: '600' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends its connection a moment after the answer instead of reading the rest of the body', async () => {
    const result = await trickle(t.url, post('/v1/chat/completions', 'Authorization: Bearer sk-wrong\r\n'));
    expect(result.closed).toBe(true);
    expect(result.received).toMatch(/^HTTP\/1\.1 401/);
    expect(result.sent).toBeLessThan(100_000);
  });

  it('keeps the connection of a refusal whose body was read whole', async () => {
    const { hostname, port } = new URL(t.url);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const body = '{"username":"nobody","password":"wrong-password"}';
    socket.write(
      `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await waitFor(
      () => received,
      (text) => /\r\n\r\n[\s\S]*\}/.test(text),
      'the answer to the failed sign-in',
    );
    expect(received).toMatch(/^HTTP\/1\.1 \d{3}/);
    expect(received.toLowerCase()).not.toContain('connection: close');
    // Still open for the next request on it.
    received = '';
    socket.write('GET /api/status HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(
      () => received,
      (text) => /^HTTP\/1\.1 200/.test(text),
      'the next answer on the same connection',
    );
    socket.destroy();
  });
});
