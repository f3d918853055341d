import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fixtureChunks, fixtureJson, fixturesAvailable } from '../../server/test/support/fixtures.ts';
import { MockUpstream } from '../../server/test/support/mock-upstream.ts';
import { BUNDLE, spawnGateway } from '../../server/test/support/spawn-gateway.ts';
import { createTestDatabase } from '../../server/test/support/test-database.ts';
import { HELD_STREAM_EVENTS } from './constants.ts';
import { startMockEpay } from './mock-epay.ts';
import { mockOAuthEnv, startMockOAuth } from '../../server/test/support/mock-oauth.ts';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL('../results/screenshots', import.meta.url));

/** One gateway (as `npm start` runs it) on a fresh SQLite file, serving the built console, and one mock provider. */
export default async function globalSetup() {
  if (!existsSync(`${WEB_DIST}/index.html`))
    throw new Error('web/dist is missing: run `npm run build` first');
  if (!existsSync(BUNDLE)) throw new Error('server/dist is missing: run `npm run build` first');
  if (!fixturesAvailable)
    throw new Error('the recorded provider fixtures (../shared/fixtures/upstream) are missing');

  const upstream = await new MockUpstream().start();
  const completion = fixtureJson('openai/chat/openai-text.json');
  const stream = fixtureChunks('openai/chat/openai-text.chunks.txt');
  upstream.handler('/v1/chat/completions', (request) =>
    request.json?.stream === true ? { sse: stream } : { json: completion },
  );
  // A channel based at <upstream>/hold answers the first events of the stream, then holds the
  // connection open until the caller leaves (the playground's stop).
  upstream.reply('/hold/v1/chat/completions', { sse: stream, stallAfter: HELD_STREAM_EVENTS });
  // A DeepSeek account based at <upstream>/yuan keeps its balance in yuan only.
  upstream.reply('/yuan/user/balance', {
    json: { balance_infos: [{ currency: 'CNY', total_balance: '70.00', granted_balance: '0.00' }] },
  });
  // A channel based at <upstream>/refuse has a key its provider refuses: its test fails.
  upstream.reply('/refuse/v1/chat/completions', {
    status: 401,
    json: {
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    },
  });
  const db = await createTestDatabase('sqlite');
  // GitHub, LinuxDO and an OIDC provider on loopback; their authorize pages send the browser back here.
  const oauth = await startMockOAuth();
  // Tasks are polled every half second, so the task screens' tests see a task move without waiting 15 s.
  const env = { WEB_DIST, LOG_LEVEL: 'warn', TASK_POLL_INTERVAL_SECONDS: '0.5', ...mockOAuthEnv(oauth) };
  const gateway = await spawnGateway(db, env, BUNDLE);
  oauth.callbackBase = gateway.url;
  const epay = await startMockEpay();

  mkdirSync(SCREENSHOTS, { recursive: true });
  process.env.E2E_GATEWAY_URL = gateway.url;
  process.env.E2E_UPSTREAM_URL = upstream.url;
  process.env.E2E_SCREENSHOT_DIR = SCREENSHOTS;
  process.env.E2E_EPAY_URL = epay.url;
  process.env.E2E_OAUTH_URL = oauth.url;
  // The specs insert rows no relay makes yet (drawing and music tasks) straight into its database.
  process.env.E2E_SQLITE_PATH = db.sqlitePath;

  return async () => {
    await gateway.stop();
    await upstream.stop();
    await epay.close();
    await oauth.close();
    await db.drop();
  };
}
