import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, type ConsoleClient } from './support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface TokenAnswer {
  id: number;
  rpm_limit: number;
  tpm_limit: number;
  concurrency_limit: number;
  period_quota: number;
  quota_period: string;
}

/** A list answer: the page's items, or the bare array when the list is not paged. */
const itemsOf = <T>(data: T[] | { items: T[] } | undefined): T[] =>
  Array.isArray(data) ? data : (data?.items ?? []);

describe.skipIf(databaseUnavailable())('limit fields of the token and channel APIs', () => {
  let t: TestServer;
  let root: ConsoleClient;

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("defaults to no limits when new-api's console sends none, and stores and returns the ones given", async () => {
    const plain = await root.post<TokenAnswer[]>('/api/token/', { name: 'plain' });
    expect(plain.body.data![0]).toMatchObject({
      rpm_limit: 0,
      tpm_limit: 0,
      concurrency_limit: 0,
      period_quota: 0,
      quota_period: '',
    });
    const limits = {
      rpm_limit: 60,
      tpm_limit: 100_000,
      concurrency_limit: 3,
      period_quota: 5_000_000,
      quota_period: 'weekly',
    };
    const limited = await root.post<TokenAnswer[]>('/api/token/', { name: 'limited', ...limits });
    const id = limited.body.data![0]!.id;
    const edited = await root.put<TokenAnswer>('/api/token/', { id, rpm_limit: 30, quota_period: 'monthly' });
    expect(edited.body.data).toMatchObject({ ...limits, rpm_limit: 30, quota_period: 'monthly' });
    const listed = await root.get<TokenAnswer[] | { items: TokenAnswer[] }>('/api/token/');
    expect(itemsOf(listed.body.data).find((token) => token.id === id)).toMatchObject({ rpm_limit: 30 });
  });

  it('refuses bad limits with a clear message in the caller’s language', async () => {
    const negative = await root.post('/api/token/', { name: 'x', rpm_limit: -1 });
    expect(negative.body).toMatchObject({ success: false });
    expect(negative.body.message).toContain('rpm_limit');
    const period = await root.post(
      '/api/token/',
      { name: 'x', quota_period: 'hourly' },
      { 'accept-language': 'zh-CN' },
    );
    expect(period.body.message).toContain('quota_period 必须是');
    const fraction = await root.post('/api/token/', { name: 'x', concurrency_limit: 1.5 });
    expect(fraction.body.message).toContain('concurrency_limit must be a whole number');
  });

  it('stores a channel’s concurrency cap and refuses a negative one', async () => {
    const created = await root.post('/api/channel/', {
      name: 'capped',
      type: 1,
      key: 'sk-up',
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o-mini',
      group: 'default',
      concurrency_limit: 4,
    });
    expect(created.body.success, created.body.message).toBe(true);
    type Row = { id: number; name: string; concurrency_limit: number };
    const list = await root.get<Row[] | { items: Row[] }>('/api/channel/');
    const channel = itemsOf(list.body.data).find((c) => c.name === 'capped')!;
    expect(channel.concurrency_limit).toBe(4);
    const refused = await root.put('/api/channel/', { id: channel.id, concurrency_limit: -2 });
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('concurrency_limit');
    expect((await root.put('/api/channel/', { id: channel.id, concurrency_limit: 0 })).body.success).toBe(
      true,
    );
  });
});
