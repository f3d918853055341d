import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockUpstream } from './support/mock-upstream.ts';
import { sample, scrape } from './support/scrape.ts';
import { spawnGateway, type SpawnedGateway } from './support/spawn-gateway.ts';
import { CHAT_ANSWER, rootWithMockChannel } from './support/spawned-relay.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { databaseUnavailable } from './support/test-server.ts';

const ACCESS_TOKEN = 'metricsclusteraccesstoken0123456';
const API_KEY = 'sk-metricsclusterkey0123456789';
const SCRAPE_TOKEN = 'metrics-cluster-scrape-token-01';
const CALLS = 6;

/** One chat call on a connection of its own, so the cluster hands the calls to its workers in turn. */
function chatOnNewConnection(baseUrl: string): Promise<number> {
  const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  return new Promise((resolve, reject) => {
    const call = request(
      `${baseUrl}/v1/chat/completions`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${API_KEY}`,
          'content-type': 'application/json',
          connection: 'close',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/** Issue #30 item 1: with several workers, one scrape answers for all of them. */
describe.skipIf(databaseUnavailable())('metrics of a cluster, WORKERS=2', () => {
  let db: TestDatabase;
  let mock: MockUpstream;
  let gateway: SpawnedGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    mock = await new MockUpstream().start();
    gateway = await spawnGateway(db, {
      WORKERS: '2',
      METRICS_ENABLED: 'true',
      METRICS_TOKEN: SCRAPE_TOKEN,
      INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN,
      INITIAL_ROOT_TOKEN: API_KEY,
    });
    await rootWithMockChannel(gateway.url, ACCESS_TOKEN, mock);
  });
  afterAll(async () => {
    await gateway?.stop();
    await mock?.stop();
    await db?.drop();
  });

  it('sums every worker: each call once, whichever worker served it or answers the scrape', async () => {
    for (let i = 0; i < CALLS; i++) expect(await chatOnNewConnection(gateway.url)).toBe(200);
    const { status, samples } = await scrape(gateway.url, SCRAPE_TOKEN);
    expect(status).toBe(200);
    const series = sample('relaygate_relay_requests_total', {
      client_format: 'openai',
      gen_ai_request_model: 'gpt-4o-mini',
      channel: '1',
      group: 'default',
      outcome: 'success',
    });
    expect(samples.get(series)).toBe(CALLS);
    const input = sample('relaygate_tokens_total', {
      client_format: 'openai',
      gen_ai_request_model: 'gpt-4o-mini',
      channel: '1',
      group: 'default',
      outcome: 'success',
      gen_ai_token_type: 'input',
    });
    expect(samples.get(input)).toBe(CALLS * CHAT_ANSWER.usage.prompt_tokens);
    // Each worker reports its bus connected: the scrape holds both workers' answers.
    expect(samples.get(sample('relaygate_change_bus_connected', { bus: 'workers' }))).toBe(2);
    // Asked again, of whichever worker: the same totals.
    expect((await scrape(gateway.url, SCRAPE_TOKEN)).samples.get(series)).toBe(CALLS);
  });
});
