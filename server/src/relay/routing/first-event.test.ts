import { describe, expect, it } from 'vitest';
import { fedStream, readText } from '../../../test/support/chunk-stream.ts';
import { firstEvent } from './first-event.ts';

describe('first event', () => {
  it('waits past keep-alive comments for the first event, and leaves every byte for the reader', async () => {
    const { body, push, end } = fedStream();
    let done = false;
    const waiting = firstEvent(body, true).then((has) => ((done = true), has));
    push(': keep-alive\n\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    push('da');
    push('ta: {"a":1}\n\n');
    expect(await waiting).toBe(true);
    push('data: [DONE]\n\n');
    end();
    expect(await readText(body)).toBe(': keep-alive\n\ndata: {"a":1}\n\ndata: [DONE]\n\n');
  });

  it('takes a stream that opens with a named event at once, and finds an event after other fields', async () => {
    const named = fedStream();
    named.push('event: message_start\ndata: {}\n\n');
    expect(await firstEvent(named.body, true)).toBe(true);
    const late = fedStream();
    late.push(': ping\n\n: ping\n\nid: 7\n');
    expect(await firstEvent(late.body, true)).toBe(true);
  });

  it('takes any first bytes of a stream framed otherwise', async () => {
    const { body, push, end } = fedStream();
    push(Buffer.from([0, 1, 2]));
    expect(await firstEvent(body, false)).toBe(true);
    end();
    expect((await readText(body)).length).toBe(3);
  });

  it('says so when the body ends first, and throws when it fails first', async () => {
    const ended = fedStream();
    ended.end();
    expect(await firstEvent(ended.body, true)).toBe(false);
    const failed = fedStream();
    const waiting = firstEvent(failed.body, true);
    failed.fail(new Error('reset'));
    await expect(waiting).rejects.toThrow('reset');
  });

  it('keeps reading past more comments than the reader would hold back', async () => {
    const { body, controller, push } = fedStream();
    const waiting = firstEvent(body, true);
    push(`: ${'x'.repeat(70 * 1024)}\n\n`);
    expect(controller.paused).toBe(false);
    push('data: {}\n\n');
    expect(await waiting).toBe(true);
  });
});
