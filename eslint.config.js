import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers of the server, lowest first. A source file may import its own layer and the layers
 * below it, never one above (`import-x/no-restricted-paths`, zones made by `zonesOf` below).
 * Tests beside the code (*.test.ts) are not held to it.
 */
const SERVER_LAYERS = [
  ['contract: the console API shapes the server and the console share', ['contract/src']],
  ["i18n: the server's messages in every language", ['server/src/i18n']],
  [
    'foundations: addresses, request bodies, channel types, process helpers (no database, no settings)',
    [
      'server/src/net',
      'server/src/http',
      'server/src/providers',
      'server/src/node-version.ts',
      'server/src/restart-backoff.ts',
      'server/src/console-files.ts',
    ],
  ],
  ['config: the settings from the environment', ['server/src/config.ts', 'server/src/server-timeouts.ts']],
  ['store: the database, every table and query', ['server/src/store']],
  ['options: the option registry and its rules', ['server/src/options']],
  ['cache: process caches and the change bus between nodes', ['server/src/cache']],
  [
    'services: mail, limits, metrics and tracing; the ports features offer each other',
    ['server/src/mail', 'server/src/limits', 'server/src/ops', 'server/src/ports.ts'],
  ],
  ['auth and notify', ['server/src/auth', 'server/src/notify']],
  ['jobs: the scheduler and the background jobs', ['server/src/jobs']],
  [
    'features: the relay and the console API (never each other, see below)',
    ['server/src/relay', 'server/src/api'],
  ],
  [
    'app: the Fastify app and what it is built from',
    ['server/src/app.ts', 'server/src/app-context.ts', 'server/src/bootstrap.ts'],
  ],
  ['server: one node, its services started and stopped', ['server/src/server.ts']],
  ['entry points: the process and the import command', ['server/src/main.ts', 'server/src/import']],
];

/** The console's layers, lowest first, held the same way; and no page imports another page. */
const WEB_LAYERS = [
  ['contract', ['contract/src']],
  ['lib: helpers that know no screen', ['web/src/lib']],
  ['i18n: the language and the common strings (each feature registers its own)', ['web/src/i18n']],
  ['session: who is signed in, and where they land', ['web/src/session']],
  ['api: the API client, the queries every screen shares, feedback from outside components', ['web/src/api']],
  ['status: the site status', ['web/src/status']],
  ['components: shared components and hooks', ['web/src/components']],
  ['shell: the frame around the pages, route guards, the default password gate', ['web/src/shell']],
  ['pages: one folder a feature', ['web/src/pages']],
  ['router', ['web/src/router.tsx']],
  ['main', ['web/src/main.tsx']],
];

const PAGES = [
  'auth',
  'channel',
  'chat',
  'dashboard',
  'home',
  'log',
  'personal',
  'playground',
  'pricing',
  'redemption',
  'setting',
  'task',
  'token',
  'topup',
  'user',
];

/** A zone per layer and each layer above it: the lower may not import from the higher. */
function zonesOf(layers) {
  return layers.flatMap(([name, target], index) =>
    layers.slice(index + 1).map(([above, from]) => ({
      target,
      from,
      message: `layer "${name}" may not import from a layer above it ("${above}"); see the layer list in eslint.config.js.`,
    })),
  );
}

const serverZones = [
  ...zonesOf(SERVER_LAYERS),
  {
    target: 'server/src/relay',
    from: 'server/src/api',
    message: 'the relay and the console API never import each other.',
  },
  {
    target: 'server/src/api',
    from: 'server/src/relay',
    message: 'the relay and the console API never import each other.',
  },
  {
    target: 'server/src',
    from: 'server/test',
    message: 'source never imports tests: test support lives in server/test/support.',
  },
];

const webZones = [
  ...zonesOf(WEB_LAYERS),
  ...PAGES.map((page) => ({
    target: `web/src/pages/${page}`,
    from: 'web/src/pages',
    except: [`./${page}`],
    message: 'a page never imports another page: move what they share to components/, lib/ or api/.',
  })),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/results/**', 'e2e/report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // Read the TypeScript files imported, so that no-cycle can follow their imports.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/src/**/*.ts', 'contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
