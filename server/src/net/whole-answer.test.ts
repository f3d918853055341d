import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConnectionError } from '../relay/routing/upstream-client.ts';
import { readWhole } from './whole-answer.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

describe('readWhole', () => {
  let server: Server;
  let agent: Agent;
  let url: string;
  let handle: Handler;
  /** Requests the server saw end, whether answered or cut off by the client. */
  let closed: number;

  beforeEach(async () => {
    closed = 0;
    server = createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => handle(request, response, Buffer.concat(parts).toString('utf8')));
      response.on('close', () => closed++);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat?x=1`;
    agent = new Agent();
  });
  afterEach(async () => {
    await agent.close();
    server.closeAllConnections();
    server.close();
  });

  it('answers the status, the headers and the body joined, having told of the headers first', async () => {
    let told = false;
    let finish = () => {};
    handle = (request, response, body) => {
      // The rest only once the client said the headers came: they are told before the body ends.
      finish = () => response.end(`"method":"${request.method}","got":${JSON.stringify(body)}}`);
      response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
      response.write(`{"path":${JSON.stringify(request.url)},`);
    };
    const answer = await readWhole(agent, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model":"m"}',
      onHeaders: () => {
        told = true;
        finish();
      },
    });
    expect(told).toBe(true);
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['x-request-id']).toBe('req-1');
    expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({
      path: '/v1/chat?x=1',
      method: 'POST',
      got: '{"model":"m"}',
    });
  });

  it('sends a buffer or a stream as the body', async () => {
    handle = (_request, response, body) => response.end(`[${body}]`);
    const fromBuffer = await readWhole(agent, url, { method: 'POST', headers: {}, body: Buffer.from('abc') });
    expect(fromBuffer.bytes.toString()).toBe('[abc]');
    const fromStream = await readWhole(agent, url, {
      method: 'POST',
      headers: { 'content-length': '6' },
      body: Readable.from([Buffer.from('de'), Buffer.from('fghi')]),
    });
    expect(fromStream.bytes.toString()).toBe('[defghi]');
  });

  it('an error status is an answer like any other, with its body', async () => {
    handle = (_request, response) => {
      response.writeHead(429, { 'retry-after': '3' });
      response.end('{"error":{"message":"slow down"}}');
    };
    const answer = await readWhole(agent, url, { method: 'POST', headers: {}, body: '{}' });
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('3');
    expect(answer.bytes.toString()).toContain('slow down');
  });

  it('a signal aborted mid-body fails the read with its reason and closes the request', async () => {
    const controller = new AbortController();
    handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"partial":');
    };
    const reading = readWhole(agent, url, {
      method: 'POST',
      headers: {},
      body: '{}',
      signal: controller.signal,
      onHeaders: () => controller.abort(new Error('client left')),
    });
    await expect(reading).rejects.toThrow('client left');
    await expect.poll(() => closed).toBe(1);
  });

  it('a signal aborted before the call sends nothing', async () => {
    let asked = 0;
    handle = (_request, response) => {
      asked++;
      response.end('{}');
    };
    const controller = new AbortController();
    controller.abort(new Error('gone already'));
    await expect(
      readWhole(agent, url, { method: 'POST', headers: {}, body: '{}', signal: controller.signal }),
    ).rejects.toThrow('gone already');
    // The same agent still serves the next call, and the first never reached the server.
    handle = (_request, response) => {
      asked++;
      response.end('{"ok":true}');
    };
    expect((await readWhole(agent, url, { method: 'GET', headers: {} })).bytes.toString()).toBe(
      '{"ok":true}',
    );
    expect(asked).toBe(1);
  });

  it('an upstream that is not there fails as a connection error', async () => {
    const gone = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat`;
    await agent.close();
    server.close();
    await once(server, 'close');
    agent = new Agent();
    const error = await readWhole(agent, gone, { method: 'POST', headers: {}, body: '{}' }).catch(
      (e: unknown) => e,
    );
    expect(isConnectionError(error)).toBe(true);
  });
});
