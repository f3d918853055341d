/** The load: autocannon at N connections for a fixed time, and sequential requests at concurrency 1. */
import autocannon, { type Client, type Result } from 'autocannon';
import { Agent, request, type RequestOptions } from 'node:http';
import { BEDROCK_STREAM_REQUEST, BEDROCK_TEXT } from './bedrock-fixtures.ts';
import { ANTHROPIC_STREAM_REQUEST, JSON_REQUEST, MESSAGES_PATH, PIECES, STREAM_REQUEST } from './fixtures.ts';

/**
 * JSON and SSE chat calls; `sse-anthropic` streams the same call as an Anthropic client through a
 * chat channel; `sse-bedrock` streams an OpenAI chat call through a Bedrock channel (Converse).
 */
export type Mode = 'json' | 'sse' | 'sse-anthropic' | 'sse-bedrock';

/** Where requests go: a base URL on 127.0.0.1, a path and the headers (the API key for the gateway). */
export interface Target {
  name: string;
  url: string;
  path: string;
  headers: Record<string, string>;
}

const BODIES: Record<Mode, string> = {
  json: JSON_REQUEST,
  sse: STREAM_REQUEST,
  'sse-anthropic': ANTHROPIC_STREAM_REQUEST,
  'sse-bedrock': BEDROCK_STREAM_REQUEST,
};
export const requestBody = (mode: Mode) => BODIES[mode];
/** Where a mode's calls go: the target's chat path, or the Messages API for the converted stream. */
export const requestPath = (target: Target, mode: Mode) =>
  mode === 'sse-anthropic' ? MESSAGES_PATH : target.path;

export interface LoadNumbers {
  /** Requests answered with a 2xx and read to the end. */
  answered: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  elapsedMs: number;
}

/**
 * Drives the target for `seconds` at `connections` with autocannon. At the deadline no connection
 * starts another request and the run ends once each one's request in flight is answered (bounded by
 * autocannon's timeout), so every request sent is counted as answered or failed: none is cut off.
 */
export function loadRun(target: Target, mode: Mode, seconds: number, connections = 50): Promise<LoadNumbers> {
  return new Promise((resolve, reject) => {
    const clients: Client[] = [];
    let finished = 0;
    let doneClients = 0;
    const started = performance.now();
    const instance = autocannon(
      {
        url: target.url + requestPath(target, mode),
        method: 'POST',
        body: requestBody(mode),
        headers: { 'content-type': 'application/json', ...target.headers },
        connections,
        duration: seconds + 30,
        timeout: 15,
        setupClient(client) {
          clients.push(client);
          client.once('done', () => {
            if (++doneClients === connections) finished = performance.now();
          });
        },
      },
      (error: Error | null, result: Result) => {
        clearTimeout(drainTimer);
        clearTimeout(hardStop);
        if (error) return reject(error);
        const elapsedMs = (finished || performance.now()) - started;
        const answered = result['2xx'];
        resolve({
          answered,
          rps: answered / (elapsedMs / 1000),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          elapsedMs,
        });
      },
    );
    const drainTimer = setTimeout(() => {
      if (clients.some((c) => typeof c.reqsMade !== 'number')) return instance.stop();
      for (const client of clients) client.responseMax = Math.max(1, client.reqsMade ?? 1);
    }, seconds * 1000);
    const hardStop = setTimeout(() => instance.stop(), seconds * 1000 + 20_000);
  });
}

/** The content of an OpenAI chat stream, and whether it ended with [DONE]. */
export function streamContent(body: string): { text: string; done: boolean } {
  let text = '';
  let done = false;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      continue;
    }
    try {
      const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string | null } }> };
      text += chunk.choices?.[0]?.delta?.content ?? '';
    } catch {
      // Not JSON: no content.
    }
  }
  return { text, done };
}

/** The text of an Anthropic message stream, and whether it ended with message_stop. */
export function anthropicStreamContent(body: string): { text: string; done: boolean } {
  let text = '';
  let done = false;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    try {
      const event = JSON.parse(line.slice(5)) as { type?: string; delta?: { type?: string; text?: string } };
      if (event.type === 'message_stop') done = true;
      if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta')
        text += event.delta.text ?? '';
    } catch {
      // Not JSON: no content.
    }
  }
  return { text, done };
}

/** Whether an answer carries the mock's content whole. */
function answerIsWhole(mode: Mode, body: string): boolean {
  const expected = PIECES.join('');
  if (mode === 'sse-anthropic') {
    const stream = anthropicStreamContent(body);
    return stream.done && stream.text === expected;
  }
  if (mode === 'sse' || mode === 'sse-bedrock') {
    const stream = streamContent(body);
    return stream.done && stream.text === (mode === 'sse' ? expected : BEDROCK_TEXT);
  }
  try {
    const answer = JSON.parse(body) as { choices?: Array<{ message?: { content?: string } }> };
    return answer.choices?.[0]?.message?.content === expected;
  } catch {
    return false;
  }
}

interface OneCall {
  status: number;
  totalMs: number;
  ttfbMs: number;
  whole: boolean;
}

/** node:http options of a POST of this JSON body to the target. */
export function postOptions(target: Target, body: string, agent: Agent, path = target.path): RequestOptions {
  const url = new URL(target.url);
  return {
    agent,
    host: url.hostname,
    port: url.port,
    path,
    method: 'POST',
    headers: {
      ...target.headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
  };
}

/** One request over the given agent: total time, and time to the first byte of the body. */
export function timedCall(target: Target, mode: Mode, agent: Agent, timeoutMs = 10_000): Promise<OneCall> {
  const body = requestBody(mode);
  return new Promise((resolve) => {
    const t0 = performance.now();
    let ttfb = -1;
    const fail = () => resolve({ status: 0, totalMs: performance.now() - t0, ttfbMs: 0, whole: false });
    const options = postOptions(target, body, agent, requestPath(target, mode));
    const req = request({ ...options, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (ttfb < 0) ttfb = performance.now() - t0;
        chunks.push(chunk);
      });
      res.on('end', () => {
        const totalMs = performance.now() - t0;
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        resolve({ status, totalMs, ttfbMs: ttfb < 0 ? totalMs : ttfb, whole: answerIsWhole(mode, text) });
      });
      res.on('error', fail);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end(body);
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface SequentialNumbers extends LoadNumbers {
  ttfbP50Ms: number;
  ttfbP99Ms: number;
  /** 2xx answers whose content was not the mock's whole answer. */
  broken: number;
}

/** `count` requests one after another on one keep-alive connection. */
export async function sequentialRun(target: Target, mode: Mode, count: number): Promise<SequentialNumbers> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const totals: number[] = [];
    const ttfbs: number[] = [];
    let errors = 0;
    let non2xx = 0;
    let broken = 0;
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const call = await timedCall(target, mode, agent);
      if (call.status === 0) errors++;
      else if (call.status < 200 || call.status > 299) non2xx++;
      else {
        totals.push(call.totalMs);
        ttfbs.push(call.ttfbMs);
        if (!call.whole) broken++;
      }
    }
    const elapsedMs = performance.now() - started;
    totals.sort((a, b) => a - b);
    ttfbs.sort((a, b) => a - b);
    return {
      answered: totals.length,
      rps: totals.length / (elapsedMs / 1000),
      p50Ms: percentile(totals, 50),
      p99Ms: percentile(totals, 99),
      ttfbP50Ms: percentile(ttfbs, 50),
      ttfbP99Ms: percentile(ttfbs, 99),
      errors,
      timeouts: 0,
      non2xx,
      broken,
      elapsedMs,
    };
  } finally {
    agent.destroy();
  }
}
