/**
 * The mock provider, run as its own process so its CPU is measured apart from the gateway's:
 *   node bench/mock-upstream.ts <port>
 * POST /v1/chat/completions answers a chat.completion as JSON, or with stream:true a 22-event SSE
 * stream (role, 19 content chunks, finish, usage, then [DONE]) written at once. Under /slow the same
 * call streams 20 events one a second. Under /bedrock, POST /model/{id}/converse-stream answers the
 * recorded converse-stream as AWS event-stream frames, written at once (bedrock-fixtures.ts). Prints
 * `READY <port>` when listening on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHAT_PATH,
  DONE_EVENT,
  FAST_EVENTS,
  JSON_ANSWER,
  SLOW_EVENTS,
  SLOW_GAP_MS,
  SLOW_PREFIX,
} from './fixtures.ts';
import { BEDROCK_PREFIX, bedrockFrames, bedrockRecorded } from './bedrock-fixtures.ts';

const JSON_HEADERS = {
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(JSON_ANSWER)),
  'x-request-id': 'req_bench_mock',
  'openai-processing-ms': '212',
};
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-request-id': 'req_bench_mock',
};
const slowStreams = new Set<NodeJS.Timeout>();
const BEDROCK_FRAMES = bedrockRecorded ? bedrockFrames() : undefined;
const EVENT_STREAM_HEADERS = {
  'content-type': 'application/vnd.amazon.eventstream',
  'content-length': String(BEDROCK_FRAMES?.length ?? 0),
  'x-amzn-requestid': 'req-bench-bedrock',
};

const isBedrockStream = (path: string): boolean =>
  path.startsWith(`${BEDROCK_PREFIX}/model/`) && path.endsWith('/converse-stream');

function notFound(res: ServerResponse, url: string): void {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message: `mock has no route ${url}`, type: 'invalid_request_error' } }));
}

function wantsStream(body: Buffer): boolean {
  try {
    return (JSON.parse(body.toString('utf8')) as { stream?: unknown }).stream === true;
  } catch {
    return false;
  }
}

function fastStream(res: ServerResponse): void {
  res.writeHead(200, SSE_HEADERS);
  for (const event of FAST_EVENTS) res.write(event);
  res.end(DONE_EVENT);
}

/** One event now, then one a second; ends with [DONE]. Bounded by the event count. */
function slowStream(res: ServerResponse): void {
  res.writeHead(200, SSE_HEADERS);
  let next = 0;
  res.write(SLOW_EVENTS[next++]!);
  const timer = setInterval(() => {
    if (res.destroyed) {
      clearInterval(timer);
      slowStreams.delete(timer);
      return;
    }
    res.write(SLOW_EVENTS[next++]!);
    if (next === SLOW_EVENTS.length) {
      clearInterval(timer);
      slowStreams.delete(timer);
      res.end(DONE_EVENT);
    }
  }, SLOW_GAP_MS);
  slowStreams.add(timer);
  res.on('close', () => {
    clearInterval(timer);
    slowStreams.delete(timer);
  });
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = (req.url ?? '').split('?')[0]!;
    if (BEDROCK_FRAMES && req.method === 'POST' && isBedrockStream(path)) {
      res.writeHead(200, EVENT_STREAM_HEADERS);
      return void res.end(BEDROCK_FRAMES);
    }
    const slow = path === SLOW_PREFIX + CHAT_PATH;
    if (req.method !== 'POST' || (path !== CHAT_PATH && !slow)) return notFound(res, path);
    if (!wantsStream(Buffer.concat(chunks))) {
      res.writeHead(200, JSON_HEADERS);
      res.end(JSON_ANSWER);
    } else if (slow) slowStream(res);
    else fastStream(res);
  });
}

const server = createServer({ keepAliveTimeout: 60_000, requestTimeout: 0 }, handle);
server.headersTimeout = 30_000;
server.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1', backlog: 8192 }, () => {
  console.log(`READY ${(server.address() as AddressInfo).port}`);
});

const stop = () => {
  for (const timer of slowStreams) clearInterval(timer);
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
