import { describe, expect, it } from 'vitest';
import { streamChat, type StreamEnd } from './chat-stream.ts';

const SSE = { 'content-type': 'text/event-stream' };
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** A body that sends these pieces (bytes cut anywhere), then ends, fails, or stays open. */
function body(pieces: string[], then: 'end' | 'fail' | 'hang' = 'end') {
  const encoder = new TextEncoder();
  const queue = [...pieces];
  // One piece per read, so a failure comes after the pieces were read.
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = queue.shift();
      if (piece !== undefined) controller.enqueue(encoder.encode(piece));
      else if (then === 'end') controller.close();
      else if (then === 'fail') controller.error(new TypeError('network error'));
      else return new Promise<void>(() => {});
    },
  });
}

async function run(
  respond: (init: RequestInit) => Response | Promise<Response>,
  controller = new AbortController(),
  onDelta?: (text: string) => void,
) {
  const deltas: string[] = [];
  const sent: RequestInit[] = [];
  const end: StreamEnd = await streamChat({
    url: '/pg/chat/completions',
    body: { model: 'm' },
    headers: { 'New-Api-User': '7' },
    signal: controller.signal,
    onDelta: (text) => {
      deltas.push(text);
      onDelta?.(text);
    },
    fetch: async (_url, init) => {
      sent.push(init!);
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return respond(init!);
    },
  });
  return { end, text: deltas.join(''), sent: sent[0]! };
}

describe('streamChat', () => {
  it('posts the body as JSON with the user header and reads the deltas until [DONE]', async () => {
    const stream = chunk('Hel') + chunk('lo') + 'data: [DONE]\n\n' + chunk('after the end');
    const { end, text, sent } = await run(() => new Response(body([stream]), { headers: SSE }));
    expect(end).toEqual({ kind: 'done' });
    expect(text).toBe('Hello');
    expect(sent.method).toBe('POST');
    expect(JSON.parse(sent.body as string)).toEqual({ model: 'm' });
    expect(sent.headers).toMatchObject({ 'New-Api-User': '7', 'Content-Type': 'application/json' });
  });

  it('reads events cut across chunk boundaries, inside a multi-byte character too', async () => {
    const stream = chunk('你好') + chunk(', world') + 'data: [DONE]\n\n';
    const bytes = new TextEncoder().encode(stream);
    const pieces = [bytes.slice(0, 40), bytes.slice(40, 41), bytes.slice(41, 75), bytes.slice(75)];
    const response = new Response(
      new ReadableStream({
        start(controller) {
          for (const piece of pieces) controller.enqueue(piece);
          controller.close();
        },
      }),
      { headers: SSE },
    );
    const { end, text } = await run(() => response);
    expect(end).toEqual({ kind: 'done' });
    expect(text).toBe('你好, world');
  });

  it('treats a stream the server closed without [DONE] as closed, keeping the text', async () => {
    const { end, text } = await run(() => new Response(body([chunk('partial')]), { headers: SSE }));
    expect(end).toEqual({ kind: 'closed' });
    expect(text).toBe('partial');
  });

  it('fails on an error event, with its message, after the text that came before', async () => {
    const error = `data: ${JSON.stringify({ error: { message: 'upstream broke', type: 'upstream_error' } })}\n\n`;
    const { end, text } = await run(() => new Response(body([chunk('so far'), error]), { headers: SSE }));
    expect(end).toMatchObject({ kind: 'error', reason: 'server', message: 'upstream broke' });
    expect(text).toBe('so far');
  });

  it('fails on an event named error', async () => {
    const { end } = await run(
      () => new Response(body(['event: error\ndata: {"message":"named"}\n\n']), { headers: SSE }),
    );
    expect(end).toMatchObject({ kind: 'error', reason: 'server', message: 'named' });
  });

  it('shows a JSON error body with a non-2xx status as the error text', async () => {
    const refusal = {
      error: { message: 'no available channel for model x', type: 'new_api_error', code: 'no_channel' },
    };
    const { end } = await run(
      () =>
        new Response(JSON.stringify(refusal), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect(end).toEqual({
      kind: 'error',
      reason: 'server',
      message: 'no available channel for model x',
      status: 503,
    });
  });

  it("shows the console envelope's message of a 200 refusal, and a plain-text body as it is", async () => {
    const envelope = await run(
      () => new Response(JSON.stringify({ success: false, message: 'user has been disabled' })),
    );
    expect(envelope.end).toMatchObject({ kind: 'error', message: 'user has been disabled', status: 200 });
    const plain = await run(() => new Response('Bad gateway', { status: 502 }));
    expect(plain.end).toMatchObject({ kind: 'error', message: 'Bad gateway', status: 502 });
    const html = await run(() => new Response('<html>oops</html>', { status: 500 }));
    expect(html.end).toMatchObject({ kind: 'error', reason: 'server', message: '', status: 500 });
  });

  it('answers expired on a 401', async () => {
    const { end } = await run(() => new Response('{"success":false}', { status: 401 }));
    expect(end).toMatchObject({ kind: 'error', reason: 'expired' });
  });

  it('takes a whole (non-streamed) completion as the answer', async () => {
    const completion = { object: 'chat.completion', choices: [{ message: { content: 'whole' } }] };
    const { end, text } = await run(() => new Response(JSON.stringify(completion)));
    expect(end).toEqual({ kind: 'done' });
    expect(text).toBe('whole');
  });

  it('answers network when no answer came, interrupted when the connection broke mid-stream', async () => {
    const network = await run(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(network.end).toMatchObject({ kind: 'error', reason: 'network' });
    const broken = await run(() => new Response(body([chunk('half')], 'fail'), { headers: SSE }));
    expect(broken.end).toMatchObject({ kind: 'error', reason: 'interrupted' });
    expect(broken.text).toBe('half');
  });

  it('stops reading when aborted mid-stream, and answers aborted', async () => {
    const controller = new AbortController();
    const { end, text } = await run(
      (init) => {
        // As fetch does: aborting the signal errors the body being read.
        const stream = body([chunk('first')], 'hang').pipeThrough(new TransformStream(), {
          signal: init.signal ?? undefined,
        });
        return new Response(stream, { headers: SSE });
      },
      controller,
      () => controller.abort(),
    );
    expect(end).toEqual({ kind: 'aborted' });
    expect(text).toBe('first');
  });

  it('answers aborted when stopped before the answer came', async () => {
    const controller = new AbortController();
    controller.abort();
    const { end } = await run(() => new Response(''), controller);
    expect(end).toEqual({ kind: 'aborted' });
  });
});
