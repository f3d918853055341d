import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

/** `npm run dev -w web` serves the console on :5173 and sends the gateway's paths to a gateway on :3000. */
const gateway = process.env.RELAYGATE_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/v1', '/v1beta', '/pg', '/mj', '/suno'];

export default defineConfig({
  // Assets go out precompressed (gzip and brotli beside each file; the server picks by Accept-Encoding).
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: Object.fromEntries(proxied.map((path) => [path, gateway])) },
  // Pure helpers in Node, no DOM: files share workers (a quarter of the time of one fresh worker per
  // file); a test that stubs a global or fakes timers puts them back in its own after-hook.
  test: { include: ['src/**/*.test.ts', 'build/**/*.test.ts'], environment: 'node', isolate: false },
});
