import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './support/chromium.ts';

/**
 * The built console (web/dist) against a real gateway with a fresh SQLite database and a mock upstream
 * replaying recorded provider answers; started once by global-setup.ts. Run by `npm test` after the build.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'results/output',
  globalSetup: './support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A limit for a stuck test, not a speed check: the tour and the journey take far less on a quiet machine.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 860 },
    // As a system set to reduce motion: the console then opens dialogs and drawers at once, so a
    // click never lands on one still zooming in (and closes it through its mask instead).
    // shell.spec.ts checks both settings.
    reducedMotion: 'reduce',
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'journey', testMatch: 'journey.spec.ts' },
    { name: 'screens', testMatch: 'screens.spec.ts', dependencies: ['journey'] },
    { name: 'admin', testMatch: 'admin.spec.ts', dependencies: ['screens'] },
    { name: 'money', testMatch: 'money.spec.ts', dependencies: ['admin'] },
    { name: 'playground', testMatch: 'playground.spec.ts', dependencies: ['journey'] },
    // Chat links, the dashboard and the task logs; each test brings its own user and data.
    {
      name: 'operations',
      testMatch: ['chat.spec.ts', 'usage.spec.ts', 'tasks.spec.ts'],
      dependencies: ['journey'],
    },
    { name: 'language', testMatch: 'language.spec.ts', dependencies: ['money'] },
    // The finish of issue #15 item 5 (amounts, channel feedback, ratio colours); its own data.
    {
      name: 'finish',
      testMatch: ['finish.spec.ts', 'finish-wallet.spec.ts', 'finish-channel-form.spec.ts'],
      dependencies: ['journey'],
    },
    // The finish every screen shares: shell, list errors, sign-in redirects, titles, phone, Markdown.
    { name: 'shell', testMatch: 'shell.spec.ts', dependencies: ['journey'] },
    // Issue #16's mail flows against a local SMTP server the spec starts: reset and register by code.
    { name: 'mail', testMatch: 'mail.spec.ts', dependencies: ['journey'] },
    // Third-party sign-in (issue #16): the mock GitHub's consent page sends the browser back.
    { name: 'oauth', testMatch: 'oauth.spec.ts', dependencies: ['journey'] },
    // Issue #18 in the console: a refused call in the usage log, the group overrides editor.
    { name: 'limits', testMatch: 'limits.spec.ts', dependencies: ['journey'] },
  ],
});
