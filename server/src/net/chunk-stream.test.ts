import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fedStream, readText } from '../../test/support/chunk-stream.ts';
import { isConnectionError } from '../relay/routing/upstream-client.ts';
import { openStream } from './chunk-stream.ts';

describe('ChunkStream, fed by hand', () => {
  it('pauses the socket while 64 KB wait unread, and resumes it when the reader takes them, joined', async () => {
    const { body, controller, push, end } = fedStream();
    push(Buffer.alloc(40 * 1024, 'a'));
    expect(controller.paused).toBe(false);
    push(Buffer.alloc(30 * 1024, 'b'));
    expect(controller.paused).toBe(true);
    const reader = body[Symbol.asyncIterator]();
    const joined = (await reader.next()).value as Buffer;
    expect(joined.toString()).toBe('a'.repeat(40 * 1024) + 'b'.repeat(30 * 1024));
    expect(controller.paused).toBe(false);
    push('c');
    end();
    expect((await reader.next()).value.toString()).toBe('c');
    expect((await reader.next()).done).toBe(true);
  });

  it('gives the chunks that came before a failure, then the failure', async () => {
    const { body, push, fail } = fedStream();
    push('one ');
    push('two');
    fail(new Error('reset by peer'));
    const reader = body[Symbol.asyncIterator]();
    expect((await reader.next()).value.toString()).toBe('one two');
    await expect(reader.next()).rejects.toThrow('reset by peer');
  });

  it('a reader waiting for the next chunk gets it as it comes', async () => {
    const { body, push, end } = fedStream();
    const reading = readText(body);
    push('late ');
    await new Promise((resolve) => setImmediate(resolve));
    push('chunks');
    end();
    expect(await reading).toBe('late chunks');
  });

  it('leaving the loop early aborts the request and drops what waits', async () => {
    const { body, controller, push } = fedStream();
    push('first');
    for await (const chunk of body) {
      expect(chunk.toString()).toBe('first');
      push('second');
      break;
    }
    expect(controller.aborted).toBe(true);
    expect(body.destroyed).toBe(true);
    expect((await body.next()).done).toBe(true);
  });

  it('an ended stream is not aborted when it is given up', () => {
    const { body, controller, end } = fedStream();
    end();
    body.destroy();
    expect(controller.aborted).toBe(false);
  });
});

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

describe('openStream over HTTP', () => {
  let server: Server;
  let agent: Agent;
  let url: string;
  let handle: Handler;
  let closed: Promise<void>;

  beforeEach(async () => {
    let responseClosed = () => {};
    closed = new Promise((resolve) => (responseClosed = resolve));
    server = createServer((request, response) => {
      request.resume();
      response.on('close', () => responseClosed());
      request.on('end', () => handle(request, response));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    agent = new Agent();
  });
  afterEach(async () => {
    await agent.close();
    server.closeAllConnections();
    server.close();
  });

  it('answers the status and headers at once, then each chunk as the upstream sends it', async () => {
    let sendNext = (_n: number) => {};
    handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'r-9' });
      sendNext = (n) => (n < 3 ? response.write(`data: ${n}\n\n`) : response.end());
      sendNext(0);
    };
    const answer = await openStream(agent, url, { method: 'POST', headers: {}, body: '{}' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe('r-9');
    const seen: string[] = [];
    // The next event is sent only once the one before it was read: each chunk comes as it is sent.
    for await (const chunk of answer.body) {
      seen.push(chunk.toString());
      sendNext(seen.length);
    }
    expect(seen).toEqual(['data: 0\n\n', 'data: 1\n\n', 'data: 2\n\n']);
  });

  it("a signal aborted mid-stream fails the reader with the signal's reason and closes the request", async () => {
    const controller = new AbortController();
    handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: 0\n\n');
    };
    const answer = await openStream(agent, url, {
      method: 'POST',
      headers: {},
      body: '{}',
      signal: controller.signal,
    });
    const reader = answer.body[Symbol.asyncIterator]();
    expect((await reader.next()).value.toString()).toBe('data: 0\n\n');
    controller.abort(new Error('the client left'));
    await expect(reader.next()).rejects.toThrow('the client left');
    await closed;
  });

  it('giving the body up closes the request', async () => {
    handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: 0\n\n');
    };
    const answer = await openStream(agent, url, { method: 'POST', headers: {}, body: '{}' });
    answer.body.destroy();
    await closed;
  });

  it('an upstream that is not there fails as a connection error, before any answer', async () => {
    await agent.close();
    server.close();
    await once(server, 'close');
    agent = new Agent();
    const error = await openStream(agent, url, { method: 'POST', headers: {}, body: '{}' }).catch(
      (e: unknown) => e,
    );
    expect(isConnectionError(error)).toBe(true);
  });
});
