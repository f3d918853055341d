import { TOTAL_COUNT_HEADER } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, signInAsRoot } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * The contract of new-api's classic console (QuantumNous/new-api `web/src/` at a813b24, 2025-06-05;
 * the same history is in SolveaCX/new-api): each request here is sent as that console sends it
 * (path, method, query names, `p` from 0 where it pages that way, nulls in bodies) and each answer
 * is checked for the shape that console reads. The file of the console each case comes from is
 * named beside it.
 */
describe.skipIf(databaseUnavailable())("new-api's classic console against Relaygate", () => {
  let t: TestServer;
  let root: ConsoleClient;

  /** A classic list: `data` must be the plain array; the total travels in X-Total-Count. */
  async function classicList<T = Record<string, unknown>>(client: ConsoleClient, path: string) {
    const answer = await client.get<T[]>(path);
    expect(answer.body.success, answer.body.message).toBe(true);
    expect(Array.isArray(answer.body.data), JSON.stringify(answer.body.data)).toBe(true);
    return { rows: answer.body.data!, total: Number(answer.headers.get(TOTAL_COUNT_HEADER)) };
  }
  async function succeeds<T = unknown>(
    answer: Promise<{ body: { success: boolean; message: string; data?: T } }>,
  ) {
    const { body } = await answer;
    expect(body.success, body.message).toBe(true);
    return body.data as T;
  }

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers with aff_code null and signs in (components/RegisterForm.js, LoginForm.js)', async () => {
    const visitor = new ConsoleClient(t.url);
    // RegisterForm sends its inputs plus aff_code from localStorage.getItem('aff'): null without an invite.
    const body = {
      username: 'classic1',
      password: 'password123',
      password2: 'password123',
      email: '',
      verification_code: '',
      aff_code: null,
    };
    await succeeds(visitor.post('/api/user/register?turnstile=', body));
    const user = await succeeds<Record<string, unknown>>(
      visitor.post('/api/user/login?turnstile=', { username: 'classic1', password: 'password123' }),
    );
    expect(user).toMatchObject({ id: expect.any(Number), username: 'classic1', role: 1, status: 1 });
  });

  it('reads /api/status; a screen flag is on only when its endpoints exist (helpers/data.js, SiderBar.js)', async () => {
    const status = await succeeds<Record<string, unknown>>(root.get('/api/status'));
    for (const key of ['system_name', 'logo', 'footer_html', 'server_address', 'docs_link', 'top_up_link']) {
      expect(typeof status[key], key).toBe('string');
    }
    expect(status).toMatchObject({
      quota_per_unit: 500000,
      display_in_currency: true,
      chats: expect.any(Array),
    });
    // TaskEnabled and DataExportEnabled default to true, DrawingEnabled to false; their endpoints are served.
    expect(status).toMatchObject({ enable_task: true, enable_data_export: true, enable_drawing: false });
  });

  it('tokens: EditToken.js writes, TokensTable.js pages from p=0 with size, fetchTokenKeys.js reads 100', async () => {
    // pages/Token/EditToken.js: create sends the whole form, quota parsed with parseInt.
    const form = {
      name: 'ct',
      remain_quota: 500000,
      expired_time: -1,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
    };
    for (const suffix of ['a', 'b', 'c'])
      await succeeds(root.post('/api/token/', { ...form, name: `ct-${suffix}` }));
    // components/TokensTable.js loadTokens: `/api/token/?p=${startIdx}&size=${pageSize}`, startIdx from 0.
    const first = await classicList<{ id: number; name: string; key: string }>(
      root,
      '/api/token/?p=0&size=2',
    );
    const second = await classicList<{ id: number }>(root, '/api/token/?p=1&size=2');
    expect(first.rows).toHaveLength(2);
    expect(second.rows).toHaveLength(1);
    expect(first.total).toBe(3);
    expect(first.rows.map((x) => x.id)).not.toContain(second.rows[0]!.id);
    // components/fetchTokenKeys.js reads keys from the first 100.
    const keys = await classicList<{ key: string }>(root, '/api/token/?p=0&size=100');
    expect(keys.rows.every((x) => /^[A-Za-z0-9]{48}$/.test(x.key))).toBe(true);
    // TokensTable.js searchTokens: no paging, every match.
    const found = await classicList<{ id: number; name: string }>(
      root,
      '/api/token/search?keyword=ct-b&token=',
    );
    expect(found.rows.map((x) => x.name)).toEqual(['ct-b']);

    // EditToken.js loadToken reads expired_time and splits model_limits; submit PUTs the object back.
    const id = found.rows[0]!.id;
    const loaded = await succeeds<Record<string, unknown>>(root.get(`/api/token/${id}`));
    expect(loaded).toMatchObject({ expired_time: -1, model_limits: '', remain_quota: 500000 });
    // An emptied quota input is parseInt('') = NaN, which JSON sends as null: kept as it was.
    await succeeds(root.put('/api/token/', { ...loaded, name: 'ct-b2', remain_quota: null, id }));
    expect(await succeeds(root.get(`/api/token/${id}`))).toMatchObject({
      name: 'ct-b2',
      remain_quota: 500000,
    });
    // TokensTable.js manageToken: status toggles read res.data.data.status; delete with a trailing slash.
    const toggled = await succeeds<{ status: number }>(
      root.put('/api/token/?status_only=true', { id, status: 2 }),
    );
    expect(toggled.status).toBe(2);
    await succeeds(root.delete(`/api/token/${id}/`));
    expect((await classicList(root, '/api/token/?p=0&size=10')).total).toBe(2);
  });

  it('channels: EditChannel.js writes, ChannelsTable.js pages from p=0 with page_size and fixes', async () => {
    // pages/Channel/EditChannel.js submit: models and group joined, groups kept, tag '' and the rest.
    const form = {
      name: 'cc',
      type: 1,
      key: 'sk-upstream',
      openai_organization: '',
      max_input_tokens: 0,
      base_url: 'https://upstream.example/',
      other: '',
      model_mapping: '',
      status_code_mapping: '',
      models: 'gpt-4o,gpt-4o-mini',
      auto_ban: 1,
      test_model: '',
      groups: ['default'],
      group: 'default',
      priority: 0,
      weight: 0,
      tag: '',
    };
    for (const suffix of ['a', 'b', 'c'])
      await succeeds(root.post('/api/channel/', { ...form, name: `cc-${suffix}` }));
    // components/ChannelsTable.js loadChannels: p from 0, page_size, id_sort and tag_mode as true/false.
    const query = 'page_size=2&id_sort=true&tag_mode=false';
    const first = await classicList<{ id: number; name: string }>(root, `/api/channel/?p=0&${query}`);
    const second = await classicList<{ id: number; name: string }>(root, `/api/channel/?p=1&${query}`);
    expect([...first.rows, ...second.rows].map((c) => c.name)).toEqual(['cc-c', 'cc-b', 'cc-a']);
    expect(first.total).toBe(3);
    // ChannelsTable.js searchChannels: every filter sent, empty ones included; no paging.
    const found = await classicList<Record<string, unknown> & { id: number }>(
      root,
      '/api/channel/search?keyword=cc-b&group=&model=&id_sort=false&tag_mode=false',
    );
    expect(found.rows.map((c) => c.name)).toEqual(['cc-b']);
    const id = found.rows[0]!.id;

    // EditChannel.js loadChannel, then PUT of what it loaded (nulls and read-only fields included).
    const loaded = await succeeds<Record<string, unknown>>(root.get(`/api/channel/${id}`));
    expect(loaded).toMatchObject({
      models: 'gpt-4o,gpt-4o-mini',
      group: 'default',
      base_url: 'https://upstream.example',
    });
    const echoed = {
      ...loaded,
      setting: null,
      param_override: null,
      tag: null,
      weight: null,
      name: 'cc-b2',
      id,
    };
    await succeeds(root.put('/api/channel/', echoed));
    expect(await succeeds(root.get(`/api/channel/${id}`))).toMatchObject({ name: 'cc-b2', weight: 0 });
    // ChannelsTable.js manageChannel short forms.
    await succeeds(root.put('/api/channel/', { id, status: 2 }));
    await succeeds(root.put('/api/channel/', { id, priority: 5 }));
    expect(await succeeds(root.get(`/api/channel/${id}`))).toMatchObject({ status: 2, priority: 5 });
    // ChannelsTable.js fixChannelsAbilities prints `fixed ${data} channels`: data is the count.
    expect(await succeeds(root.post('/api/channel/fix'))).toBe(3);

    // Tags: batch set (ChannelsTable.js), edit with new_tag and model_mapping null (EditTagModal.js), disable.
    const ids = [...first.rows, ...second.rows].map((c) => c.id);
    expect(await succeeds(root.post('/api/channel/batch/tag', { ids, tag: 'tg' }))).toBe(3);
    await succeeds(root.put('/api/channel/tag', { tag: 'tg', new_tag: null, models: 'gpt-4o' }));
    await succeeds(root.post('/api/channel/tag/disabled', { tag: 'tg' }));
    const tagged = await classicList<{ tag: string; models: string; status: number }>(
      root,
      '/api/channel/?p=0&page_size=10&id_sort=false&tag_mode=true',
    );
    expect(tagged.rows.map((c) => [c.tag, c.models, c.status])).toEqual(Array(3).fill(['tg', 'gpt-4o', 2]));
    // Deletes: one with a trailing slash, a batch ({ids} → count), and every disabled one (→ count).
    await succeeds(root.delete(`/api/channel/${ids[0]}/`));
    expect(await succeeds(root.post('/api/channel/batch', { ids: [ids[1]] }))).toBe(1);
    expect(await succeeds(root.delete('/api/channel/disabled'))).toBe(1);
  });

  it('channel drawer lists (components/utils.js, EditChannel.js, EditTagModal.js, ModelRationNotSetEditor.js)', async () => {
    // utils.js loadChannelModels: data[type] is the model list the drawer fills for that type.
    const byType = await succeeds<Record<string, string[]>>(root.get('/api/models'));
    expect(byType['1']).toContain('gpt-4o');
    expect(byType['14']!.every((m) => m.startsWith('claude-'))).toBe(true);
    expect(byType['8']).toEqual(expect.any(Array));
    // EditChannel.js fetchModels maps data to {label: model.id}.
    const models = await succeeds<Array<{ id: string }>>(root.get('/api/channel/models'));
    expect(models.map((m) => m.id)).toContain('gpt-4o');
    expect(await succeeds(root.get('/api/channel/models_enabled'))).toEqual(expect.any(Array));
    // fetchGroups maps data (group names) to options.
    expect(await succeeds(root.get('/api/group/'))).toContain('default');
  });

  it('users: UsersTable.js pages (items, page, total), AddUser.js, EditUser.js with nulls, manage', async () => {
    await succeeds(
      root.post('/api/user/', { username: 'cu1', display_name: 'cu1', password: 'password123' }),
    );
    const page = await succeeds<{
      items: Array<{ id: number; username: string }>;
      page: number;
      total: number;
    }>(root.get('/api/user/?p=0&page_size=10'));
    expect(page).toMatchObject({ page: 1, total: expect.any(Number) });
    const found = await succeeds<{ items: Array<{ id: number }> }>(
      root.get('/api/user/search?keyword=cu1&group=&p=0&page_size=10'),
    );
    const id = found.items[0]!.id;
    // EditUser.js: PUT of the loaded user plus id; quota parsed with parseInt (NaN → null when emptied).
    const loaded = await succeeds<Record<string, unknown>>(root.get(`/api/user/${id}`));
    await succeeds(
      root.put('/api/user/', { ...loaded, id, password: '', quota: null, display_name: 'CU One' }),
    );
    expect(await succeeds(root.get(`/api/user/${id}`))).toMatchObject({
      display_name: 'CU One',
      quota: loaded.quota,
    });
    // UsersTable.js manageUser reads data.role and data.status.
    expect(await succeeds(root.post('/api/user/manage', { id, action: 'disable' }))).toMatchObject({
      status: 2,
    });
  });

  it('personal settings (components/PersonalSetting.js, Token/EditToken.js loadGroups)', async () => {
    const self = await succeeds<Record<string, unknown>>(root.get('/api/user/self'));
    expect(self).toMatchObject({
      username: 'root',
      quota: expect.any(Number),
      aff_count: expect.any(Number),
    });
    expect(typeof (await succeeds(root.get('/api/user/token')))).toBe('string');
    expect(typeof (await succeeds(root.get('/api/user/aff')))).toBe('string');
    expect(await succeeds(root.get('/api/user/models'))).toEqual(expect.any(Array));
    const groups = await succeeds<Record<string, { desc: string; ratio: number }>>(
      root.get('/api/user/self/groups'),
    );
    expect(groups.default).toMatchObject({ ratio: expect.any(Number) });
    const setting = {
      notify_type: 'email',
      quota_warning_threshold: 500000,
      webhook_url: '',
      webhook_secret: '',
      notification_email: '',
      accept_unset_model_ratio_model: false,
    };
    await succeeds(root.put('/api/user/setting', setting));
  });

  it('options: SystemSetting.js writes the oidc.* keys one call each, booleans as strings', async () => {
    const options = await succeeds<Array<{ key: string; value: string }>>(root.get('/api/option/'));
    expect(options.find((o) => o.key === 'oidc.enabled')).toEqual({ key: 'oidc.enabled', value: 'false' });
    for (const [key, value] of [
      ['oidc.well_known', 'https://id.example/.well-known/openid-configuration'],
      ['oidc.client_id', 'relaygate'],
      ['oidc.client_secret', 'shh'],
      ['oidc.authorization_endpoint', 'https://id.example/auth'],
      ['oidc.token_endpoint', 'https://id.example/token'],
      ['oidc.user_info_endpoint', 'https://id.example/userinfo'],
      ['oidc.enabled', 'true'],
    ]) {
      await succeeds(root.put('/api/option/', { key, value }));
    }
    const after = await succeeds<Array<{ key: string; value: string }>>(root.get('/api/option/'));
    expect(after.find((o) => o.key === 'oidc.client_id')?.value).toBe('relaygate');
    expect(after.some((o) => o.key === 'oidc.client_secret')).toBe(false);
    // ModelRatioSettings.js resets the price tables.
    await succeeds(root.post('/api/option/rest_model_ratio'));
  });

  it('logs: LogsTable.js pages (items, page, page_size, total) and reads stat.quota', async () => {
    const filters =
      'type=0&username=&token_name=&model_name=&start_timestamp=0&end_timestamp=9999999999&channel=&group=';
    const page = await succeeds(root.get(`/api/log/?p=1&page_size=10&${filters}`));
    expect(page).toMatchObject({
      page: 1,
      page_size: 10,
      total: expect.any(Number),
      items: expect.any(Array),
    });
    const mine = await succeeds(root.get(`/api/log/self/?p=1&page_size=10&${filters}`));
    expect(mine).toMatchObject({ items: expect.any(Array) });
    expect(await succeeds(root.get(`/api/log/stat?${filters}`))).toMatchObject({ quota: expect.any(Number) });
    expect(await succeeds(root.get(`/api/log/self/stat?${filters}`))).toMatchObject({
      quota: expect.any(Number),
    });
  });
});
