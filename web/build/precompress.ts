import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and larger than one packet. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes `name.gz` and `name.br` beside every compressible file under `dir` (best compression: it
 * runs once per build), unless the compressed file would not be smaller. Answers the files done.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      done.push(...precompressDir(path));
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(path).size < MIN_BYTES) continue;
    const original = readFileSync(path);
    const gzip = gzipSync(original, { level: 9 });
    const brotli = brotliCompressSync(original, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: original.length },
    });
    if (gzip.length < original.length) writeFileSync(`${path}.gz`, gzip);
    if (brotli.length < original.length) writeFileSync(`${path}.br`, brotli);
    done.push(path);
  }
  return done;
}

/** The Vite step: once the bundle is written, precompress the output for the server to send as is. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'relaygate-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
