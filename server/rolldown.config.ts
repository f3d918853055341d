/**
 * `npm run build -w server`: the gateway as one ES module, server/dist/main.js, which `npm start` runs.
 * One file of plain JavaScript starts without type stripping and holds far fewer module records and
 * source texts than the ~300 modules it replaces: about 40 MB less resident memory per process.
 * Names are kept (no mangling) so stack traces stay readable; development and tests run the sources.
 */
import { join } from 'node:path';
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: join(import.meta.dirname, 'src/main.ts'),
  platform: 'node',
  // Native (better-sqlite3), loaded only for their dialect (pg, mysql2), or loaded only when an
  // upstream sends no usage (the tokenizer's tens of MB of tables): left to node_modules.
  external: [/^better-sqlite3(\/|$)/, /^pg(\/|$)/, /^mysql2(\/|$)/, /^gpt-tokenizer(\/|$)/],
  output: {
    dir: join(import.meta.dirname, 'dist'),
    format: 'esm',
    minify: { compress: true, mangle: false },
    cleanDir: true,
  },
});
