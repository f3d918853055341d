import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { firstEvent } from './first-event.ts';

const readAll = async (body: PassThrough) => {
  let text = '';
  for await (const chunk of body) text += (chunk as Buffer).toString('utf8');
  return text;
};

describe('first event', () => {
  it('waits past keep-alive comments for the first event, and leaves every byte for the reader', async () => {
    const body = new PassThrough();
    let done = false;
    const waiting = firstEvent(body, true).then((has) => ((done = true), has));
    body.write(': keep-alive\n\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    body.write('da');
    body.write('ta: {"a":1}\n\n');
    expect(await waiting).toBe(true);
    body.end('data: [DONE]\n\n');
    expect(await readAll(body)).toBe(': keep-alive\n\ndata: {"a":1}\n\ndata: [DONE]\n\n');
  });

  it('takes a stream that opens with a named event at once, and finds an event after other fields', async () => {
    const named = new PassThrough();
    named.write('event: message_start\ndata: {}\n\n');
    expect(await firstEvent(named, true)).toBe(true);
    const late = new PassThrough();
    late.write(': ping\n\n: ping\n\nid: 7\n');
    expect(await firstEvent(late, true)).toBe(true);
  });

  it('takes any first bytes of a stream framed otherwise', async () => {
    const body = new PassThrough();
    body.write(Buffer.from([0, 1, 2]));
    expect(await firstEvent(body, false)).toBe(true);
    body.end();
    expect((await readAll(body)).length).toBe(3);
  });

  it('says so when the body ends first, and throws when it fails first', async () => {
    const ended = new PassThrough();
    ended.end();
    expect(await firstEvent(ended, true)).toBe(false);
    const failed = new PassThrough();
    const waiting = firstEvent(failed, true);
    failed.destroy(new Error('reset'));
    await expect(waiting).rejects.toThrow('reset');
  });
});
