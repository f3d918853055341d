import type { PricingAnswer } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, registerAndLogin, signInAsRoot } from './support/console-client.ts';
import { seedChannel } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

describe.skipIf(databaseUnavailable())('GET /api/pricing', () => {
  let t: TestServer;
  let root: ConsoleClient;

  async function setOption(key: string, value: unknown) {
    const answer = await root.put('/api/option/', {
      key,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    });
    expect(answer.body.success, `${key}: ${answer.body.message}`).toBe(true);
  }

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    await setOption('ModelRatio', { 'model-a': 2 });
    await setOption('CompletionRatio', { 'model-a': 3 });
    await setOption('ModelPrice', { 'model-b': 0.05 });
    await setOption('GroupRatio', { default: 1, vip: 0.5, svip: 2, secret: 0.1 });
    await setOption('UserUsableGroups', { default: 'everyone', vip: 'paying' });
    await seedChannel(t, {
      baseUrl: 'http://127.0.0.1:9',
      models: ['model-a', 'model-b'],
      group: 'default,vip',
    });
    await seedChannel(t, { baseUrl: 'http://127.0.0.1:9', models: ['model-a', 'model-c'], group: 'secret' });
    await seedChannel(t, {
      baseUrl: 'http://127.0.0.1:9',
      models: ['model-off'],
      group: 'default',
      status: 2,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers signed out: served models, prices, serving groups and the public group ratios', async () => {
    const answer = (await (await fetch(`${t.url}/api/pricing`)).json()) as PricingAnswer;
    expect(answer.success).toBe(true);
    // model-c has no price: the relay refuses it, so it is not shown at a price nobody pays.
    expect(answer.data.map((m) => m.model_name)).toEqual(['model-a', 'model-b']);
    expect(answer.data[0]).toMatchObject({
      quota_type: 0,
      model_ratio: 2,
      completion_ratio: 3,
      enable_groups: ['default', 'secret', 'vip'],
    });
    expect(answer.data[1]).toMatchObject({
      quota_type: 1,
      model_price: 0.05,
      enable_groups: ['default', 'vip'],
    });
    expect(answer.usable_group).toEqual({ default: 'everyone', vip: 'paying' });
    expect(answer.group_ratio).toEqual({ default: 1, vip: 0.5 });
  });

  it('lists a model with no price at the unset ratio only to whom it is charged that way', async () => {
    const unset = (answer: PricingAnswer) => answer.data.find((m) => m.model_name === 'model-c');
    const user = await registerAndLogin(t.url, 'unpriced');
    expect(unset((await user.get('/api/pricing')).body as unknown as PricingAnswer)).toBeUndefined();
    await db()
      .updateTable('users')
      .set({ setting: JSON.stringify({ accept_unset_model_ratio_model: true }) })
      .where('id', '=', user.userId!)
      .execute();
    expect(unset((await user.get('/api/pricing')).body as unknown as PricingAnswer)).toMatchObject({
      model_ratio: 37.5,
    });
    await setOption('SelfUseModeEnabled', 'true');
    try {
      const signedOut = (await (await fetch(`${t.url}/api/pricing`)).json()) as PricingAnswer;
      expect(unset(signedOut)).toMatchObject({ quota_type: 0, model_ratio: 37.5 });
    } finally {
      await setOption('SelfUseModeEnabled', 'false');
    }
  });

  it('adds the signed-in user their own group, with its special ratio', async () => {
    const user = await registerAndLogin(t.url, 'priced');
    await db().updateTable('users').set({ group: 'secret' }).where('id', '=', user.userId!).execute();
    await setOption('GroupGroupRatio', { secret: { vip: 0.25 } });
    const answer = (await user.get('/api/pricing')).body as unknown as PricingAnswer;
    expect(answer.usable_group).toMatchObject({
      default: 'everyone',
      vip: 'paying',
      secret: expect.any(String),
    });
    expect(answer.group_ratio).toEqual({ default: 1, vip: 0.25, secret: 0.1 });
  });

  it('stays public when the cookie is stale or the header is wrong', async () => {
    const stranger = new ConsoleClient(t.url);
    const answer = await stranger.get('/api/pricing', { cookie: 'session=forged', 'New-Api-User': '1' });
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as PricingAnswer).group_ratio).toEqual({ default: 1, vip: 0.5 });
  });

  const db = () => t.server.store.db;
});
