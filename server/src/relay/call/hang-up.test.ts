import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallCancel } from './call-cancel.ts';
import { abortOnHangUp } from './hang-up.ts';

/** A server whose one route hands its reply to `handle`, and a client that sends a call and hangs up at once. */
async function hangUpOn(handle: (reply: FastifyReply) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify();
  app.post('/call', async (_request, reply) => {
    await handle(reply);
    return reply;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect((app.server.address() as { port: number }).port, '127.0.0.1');
  socket.on('error', () => undefined);
  const call =
    'POST /call HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
  // Sent whole, then the connection is gone.
  socket.write(call, () => socket.destroy());
  return app;
}

describe('abortOnHangUp', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('aborts for a client that left before it was asked (during an earlier await): never served unheard', async () => {
    const seen = new Promise<boolean>((resolve) => {
      void hangUpOn(async (reply) => {
        await once(reply.raw, 'close'); // the client has gone, as during the key or reservation lookup
        const cancel = abortOnHangUp(reply);
        resolve(cancel.signal.aborted && cancel.clientGone);
      }).then((server) => (app = server));
    });
    expect(await seen).toBe(true);
  });

  it('aborts when the client leaves later, while the call is under way', async () => {
    const seen = new Promise<boolean>((resolve) => {
      void hangUpOn(async (reply) => {
        const abort = abortOnHangUp(reply);
        await once(abort.signal, 'abort');
        resolve(abort.signal.aborted && abort.clientGone);
      }).then((server) => (app = server));
    });
    expect(await seen).toBe(true);
  });

  it('does not abort a call whose answer was sent in full', async () => {
    let abort!: CallCancel;
    app = Fastify();
    app.get('/call', async (_request, reply) => {
      abort = abortOnHangUp(reply);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/call`);
    expect(await answer.json()).toEqual({ ok: true });
    await app.close();
    app = undefined;
    expect(abort.signal.aborted).toBe(false);
    expect(abort.clientGone).toBe(false);
  });
});
