import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the gateway's APIs; everything else is the console's (a browser route or a file). */
const API_PREFIXES = [
  '/api/',
  '/v1/',
  '/v1beta/',
  '/pg/',
  '/mj/',
  '/mj-fast/',
  '/mj-turbo/',
  '/mj-relax/',
  '/suno/',
];
const API_ROOTS = new Set(['/api', '/v1', '/v1beta', '/pg', '/mj', '/suno']);

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return API_ROOTS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export interface ConsoleFiles {
  /** Answers a browser route with the app's index.html; false when this request is not one. */
  serveApp(request: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Serves the built console (web/dist) at `/`: hashed assets cached for a year and sent precompressed
 * (brotli or gzip, as the browser accepts), index.html never cached,
 * and any other GET outside the API prefixes answered with index.html so the client router takes it.
 */
export async function registerConsoleFiles(app: FastifyInstance, distDir: string): Promise<ConsoleFiles> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir }, 'the console is not built (npm run build); serving the APIs only');
    return {
      serveApp: (request, reply) => {
        if (!isBrowserRoute(request)) return false;
        void reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('The console is not built. Run `npm run build`, then restart.');
        return true;
      },
    };
  }
  // Re-read when a new build replaces index.html, so a rebuild never leaves it pointing at deleted assets.
  let index = { mtimeMs: 0, html: Buffer.alloc(0) };
  const currentIndex = (): Buffer => {
    try {
      const { mtimeMs } = statSync(indexPath);
      if (mtimeMs !== index.mtimeMs) index = { mtimeMs, html: readFileSync(indexPath) };
    } catch {
      // Mid-rebuild the file can be missing for a moment; the last one read still loads.
    }
    return index.html;
  };
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    // The build writes .br and .gz beside each asset; the one the browser accepts goes out as is.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(currentIndex());
  // The static plugin refuses directories, so the root route answers the app itself.
  app.get('/', (_request, reply) => sendIndex(reply));
  return {
    serveApp: (request, reply) => {
      if (!isBrowserRoute(request)) return false;
      void sendIndex(reply);
      return true;
    },
  };
}

function isBrowserRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  // A missing hashed asset is a real 404, not the app.
  return !request.url.startsWith('/assets/');
}
