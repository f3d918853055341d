/**
 * The floor: a plain node:http relay with no logic, run as its own process:
 *   node bench/bare-relay.ts <port> <upstream base url>
 * Forwards each request (method, path, body, content headers) to the upstream over a keep-alive
 * agent and pipes the answer back. Prints `READY <port>` when listening on 127.0.0.1.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const upstream = new URL(process.argv[3] ?? 'http://127.0.0.1:1');
const agent = new Agent({ keepAlive: true, keepAliveMsecs: 30_000, maxSockets: Infinity });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

const server = createServer({ keepAliveTimeout: 60_000, requestTimeout: 0 }, (req, res) => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const out = request(
    {
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
    },
    (answer) => {
      const back: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
    },
  );
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"upstream failed"}}');
  });
  res.on('close', () => {
    if (!res.writableFinished) out.destroy();
  });
  req.pipe(out);
});
server.headersTimeout = 30_000;
server.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1', backlog: 8192 }, () => {
  console.log(`READY ${(server.address() as AddressInfo).port}`);
});

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
