/**
 * `npm run build -w server`: the gateway as one ES module, server/dist/main.js, which `npm start` runs.
 * One file of plain JavaScript starts without type stripping and holds far fewer module records and
 * source texts than the ~300 modules it replaces: about 40 MB less resident memory per process.
 * Names are kept (no mangling) so stack traces stay readable; development and tests run the sources.
 */
import { join } from 'node:path';
import { defineConfig } from 'rolldown';

export default defineConfig({
  // The password worker is its own file: worker threads load it by name (src/auth/password.ts).
  input: {
    main: join(import.meta.dirname, 'src/main.ts'),
    'password-worker': join(import.meta.dirname, 'src/auth/password-worker.ts'),
  },
  platform: 'node',
  // Native (better-sqlite3), loaded only for their dialect (pg, mysql2), loaded only when an
  // upstream sends no usage (the tokenizer's tens of MB of tables), or finding its own files on
  // disk (piscina starts workers from its dist/worker.js): left to node_modules.
  external: [/^better-sqlite3(\/|$)/, /^pg(\/|$)/, /^mysql2(\/|$)/, /^gpt-tokenizer(\/|$)/, /^piscina(\/|$)/],
  output: {
    dir: join(import.meta.dirname, 'dist'),
    format: 'esm',
    minify: { compress: true, mangle: false },
    cleanDir: true,
  },
});
