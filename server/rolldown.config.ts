/**
 * `npm run build -w server`: the gateway as one ES module, server/dist/main.js, which `npm start` runs
 * (and the import and export of a database, server/dist/import.js and export.js).
 * One file of plain JavaScript starts without type stripping and holds far fewer module records and
 * source texts than the ~300 modules it replaces: about 40 MB less resident memory per process.
 * Names are kept (no mangling) so stack traces stay readable; development and tests run the sources.
 */
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'rolldown';

const external = [
  /^better-sqlite3(\/|$)/,
  /^pg(\/|$)/,
  /^mysql2(\/|$)/,
  /^gpt-tokenizer(\/|$)/,
  /^piscina(\/|$)/,
  /^@opentelemetry\//,
];
const dir = join(import.meta.dirname, 'dist');
/**
 * Non-ASCII characters (the Chinese catalogue, a few symbols) escaped: a source with none is held by
 * V8 one byte per character instead of two, 4 MB less per process for the gateway's bundle.
 */
const charset = 'ascii';

/** A character as \u escapes of its UTF-16 units (two for one beyond the basic plane). */
function escaped(char: string): string {
  let units = '';
  for (let i = 0; i < char.length; i++) units += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return units;
}

/**
 * What charset 'ascii' leaves, in comments (a license's author's name): escaped there too, since
 * one such character would make V8 hold the whole bundle two bytes a character. Anything left
 * elsewhere is said when building.
 */
const asciiOnly: Plugin = {
  name: 'ascii-only',
  renderChunk(code, chunk) {
    const ascii = code.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\p{ASCII}]/gu, escaped));
    if (/[^\p{ASCII}]/u.test(ascii))
      this.warn(`${chunk.fileName} is not ASCII: V8 will hold it two bytes a character`);
    return ascii;
  },
};

export default defineConfig([
  {
    // The password worker is its own file: worker threads load it by name (src/auth/password.ts).
    input: {
      main: join(import.meta.dirname, 'src/main.ts'),
      'password-worker': join(import.meta.dirname, 'src/auth/password-worker.ts'),
    },
    platform: 'node',
    // Native (better-sqlite3), loaded only for their dialect (pg, mysql2), loaded only when an
    // upstream sends no usage (the tokenizer's tens of MB of tables), or finding its own files on
    // disk (piscina starts workers from its dist/worker.js), or loaded only when tracing is on
    // (OpenTelemetry's SDK): left to node_modules.
    external,
    output: {
      dir,
      format: 'esm',
      charset,
      plugins: [asciiOnly],
      minify: { compress: true, mangle: false },
      cleanDir: true,
    },
  },
  {
    // `node server/dist/import.js --from …` and `node server/dist/export.js --to …`: bundled apart
    // so that the gateway's bundle stays one file (a shared entry would split it into chunks).
    input: {
      import: join(import.meta.dirname, 'src/import/main.ts'),
      export: join(import.meta.dirname, 'src/import/export-main.ts'),
    },
    platform: 'node',
    external,
    output: { dir, format: 'esm', charset, plugins: [asciiOnly], minify: { compress: true, mangle: false } },
  },
]);
