import type { OptionItem, StatusObject } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.ts';
import { writeOption } from '../../src/store/options.ts';
import { ConsoleClient, signInAsRoot, userWithRole } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const SECRET_NAME = /(Token|Secret|Key|secret|api_key)$/;
/** Named like a secret, but public: GET /api/status hands the Turnstile site key to every browser. */
const secretNamed = (o: OptionItem) => SECRET_NAME.test(o.key) && o.key !== 'TurnstileSiteKey';

/** Every field of StatusObject with its JSON type; `satisfies` keeps this list in step with the contract. */
const STATUS_FIELDS = {
  version: 'string',
  start_time: 'number',
  setup: 'boolean',
  system_name: 'string',
  logo: 'string',
  footer_html: 'string',
  server_address: 'string',
  top_up_link: 'string',
  docs_link: 'string',
  quota_per_unit: 'number',
  display_in_currency: 'boolean',
  display_token_stat: 'boolean',
  enable_drawing: 'boolean',
  enable_task: 'boolean',
  enable_data_export: 'boolean',
  enable_batch_update: 'boolean',
  data_export_default_time: 'string',
  default_collapse_sidebar: 'boolean',
  mj_notify_enabled: 'boolean',
  chats: 'array',
  self_use_mode_enabled: 'boolean',
  demo_site_enabled: 'boolean',
  register_enabled: 'boolean',
  password_login_enabled: 'boolean',
  password_register_enabled: 'boolean',
  email_verification: 'boolean',
  github_oauth: 'boolean',
  github_client_id: 'string',
  linuxdo_oauth: 'boolean',
  linuxdo_client_id: 'string',
  github_authorize_endpoint: 'string',
  linuxdo_authorize_endpoint: 'string',
  telegram_oauth: 'boolean',
  telegram_bot_name: 'string',
  wechat_login: 'boolean',
  wechat_qrcode: 'string',
  oidc_enabled: 'boolean',
  oidc_client_id: 'string',
  oidc_authorization_endpoint: 'string',
  turnstile_check: 'boolean',
  turnstile_site_key: 'string',
  price: 'number',
  min_topup: 'number',
  enable_online_topup: 'boolean',
  usd_exchange_rate: 'number',
  quota_display_type: 'string',
  custom_currency_symbol: 'string',
  custom_currency_exchange_rate: 'number',
  quota_remind_threshold: 'number',
} as const satisfies Record<keyof StatusObject, 'string' | 'number' | 'boolean' | 'array'>;

describe.skipIf(databaseUnavailable())('site options and status', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let common: ConsoleClient;
  /** GET /api/option/ as it was on the fresh database. */
  let initial: OptionItem[];

  async function loginAs(username: string, password: string): Promise<ConsoleClient> {
    const c = new ConsoleClient(t.url);
    await c.login(username, password);
    return c;
  }

  /** Restarts the server on the same database and signs everyone in again (the port changes). */
  async function restart(): Promise<void> {
    await t.restart();
    root = await signInAsRoot(t.url);
    admin = await loginAs('optadmin', 'password123');
    common = await loginAs('optuser', 'password123');
  }

  async function listOptions(client = root): Promise<OptionItem[]> {
    const answer = await client.get<OptionItem[]>('/api/option/');
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  }

  async function optionValue(key: string, client = root): Promise<string | undefined> {
    return (await listOptions(client)).find((o) => o.key === key)?.value;
  }

  async function putOption(key: string, value: unknown, client = root) {
    return (await client.put('/api/option/', { key, value })).body;
  }

  async function setOption(key: string, value: unknown, client = root): Promise<void> {
    const body = await putOption(key, value, client);
    expect(body, `PUT ${key}=${JSON.stringify(value).slice(0, 80)}: ${body.message}`).toMatchObject({
      success: true,
    });
  }

  /** A PUT that must be refused and must leave the stored value as it was; returns the message. */
  async function refused(key: string, value: unknown): Promise<string> {
    const before = await optionValue(key);
    const answer = await root.put('/api/option/', { key, value });
    expect(answer.status).toBe(200);
    expect(answer.body.success, `PUT ${key}=${JSON.stringify(value)} was accepted`).toBe(false);
    expect(answer.body.message).not.toBe('');
    expect(await optionValue(key)).toBe(before);
    return answer.body.message;
  }

  async function status(): Promise<StatusObject> {
    const answer = await new ConsoleClient(t.url).get<StatusObject>('/api/status');
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    return answer.body.data!;
  }

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    initial = await listOptions();
    admin = await userWithRole(root, 'optadmin', 10);
    common = await userWithRole(root, 'optuser', 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/option/', () => {
    it('is for root only: an admin and a common user get success:false, a stranger 401', async () => {
      for (const client of [admin, common]) {
        const answer = await client.get('/api/option/');
        expect(answer.status).toBe(200);
        expect(answer.body.success).toBe(false);
        expect(answer.body.data).toBeUndefined();
      }
      const stranger = await new ConsoleClient(t.url).get('/api/option/');
      expect(stranger.status).toBe(401);
      expect(stranger.body.success).toBe(false);
    });

    it('answers a list of {key, value} strings holding the defaults', () => {
      expect(Array.isArray(initial)).toBe(true);
      expect(initial.length).toBeGreaterThan(50);
      for (const item of initial) {
        expect(Object.keys(item).sort()).toEqual(['key', 'value']);
        expect(typeof item.key).toBe('string');
        expect(typeof item.value).toBe('string');
      }
      expect(new Set(initial.map((o) => o.key)).size).toBe(initial.length);
      const byKey = new Map(initial.map((o) => [o.key, o.value]));
      expect(byKey.get('QuotaPerUnit')).toBe('500000');
      expect(byKey.get('RetryTimes')).toBe('0');
      expect(byKey.get('RegisterEnabled')).toBe('true');
      expect(byKey.get('ModelRequestRateLimitSuccessCount')).toBe('1000');
      expect(byKey.get('claude.thinking_adapter_budget_tokens_percentage')).toBe('0.8');
      const modelRatio = JSON.parse(byKey.get('ModelRatio')!) as Record<string, number>;
      expect(modelRatio['gpt-4o']).toEqual(expect.any(Number));
      expect(JSON.parse(byKey.get('GroupRatio')!)).toHaveProperty('default');
      expect(Array.isArray(JSON.parse(byKey.get('Chats')!))).toBe(true);
    });

    it('never lists a secret, even after root sets one, nor after a restart', async () => {
      const secrets: Record<string, string> = {
        GitHubClientSecret: 'gh-secret-value-1',
        SMTPToken: 'smtp-token-value-2',
        TurnstileSecretKey: 'turnstile-secret-3',
        TelegramBotToken: 'telegram-token-4',
        EpayKey: 'epay-key-value-5',
        StripeApiSecret: 'stripe-secret-6',
        WorkerValidKey: 'worker-key-7',
      };
      for (const [key, value] of Object.entries(secrets)) await setOption(key, value);
      const check = (list: OptionItem[]) => {
        expect(initial.filter(secretNamed)).toEqual([]);
        expect(list.filter(secretNamed)).toEqual([]);
        const text = JSON.stringify(list);
        for (const value of Object.values(secrets)) expect(text).not.toContain(value);
      };
      check(await listOptions());
      await restart();
      check(await listOptions());
      const statusText = JSON.stringify(await status());
      for (const value of Object.values(secrets)) expect(statusText).not.toContain(value);
    });
  });

  describe('PUT /api/option/ validation', () => {
    it('booleans: only "true"/"false" (or JSON booleans)', async () => {
      for (const bad of ['yes', 'True', '1', '', 1]) {
        expect(await refused('DrawingEnabled', bad)).toMatch(/true or false/);
      }
      await setOption('DefaultCollapseSidebar', true);
      expect(await optionValue('DefaultCollapseSidebar')).toBe('true');
      expect((await status()).default_collapse_sidebar).toBe(true);
      await setOption('DefaultCollapseSidebar', 'false');
      expect(await optionValue('DefaultCollapseSidebar')).toBe('false');
      expect((await status()).default_collapse_sidebar).toBe(false);
      // The drawing log is served, so its switch is advertised as set.
      expect((await status()).enable_drawing).toBe(false);
      await setOption('DrawingEnabled', true);
      expect(await optionValue('DrawingEnabled')).toBe('true');
      expect((await status()).enable_drawing).toBe(true);
    });

    it('ints: within their min and max, whole, and not beyond the safe range', async () => {
      expect(await refused('RetryTimes', '-1')).toMatch(/at least 0/);
      expect(await refused('RetryTimes', '11')).toMatch(/at most 10/);
      expect(await refused('RetryTimes', '1.5')).toMatch(/whole number/);
      expect(await refused('RetryTimes', 'many')).toMatch(/number/);
      expect(await refused('ModelRequestRateLimitSuccessCount', '0')).toMatch(/at least 1/);
      expect(await refused('QuotaForNewUser', '1e30')).toMatch(/QuotaForNewUser/);
      await setOption('RetryTimes', '3');
      expect(await optionValue('RetryTimes')).toBe('3');
      await setOption('RetryTimes', 0);
      expect(await optionValue('RetryTimes')).toBe('0');
      await setOption('ModelRequestRateLimitCount', '0');
      await setOption('ModelRequestRateLimitSuccessCount', '1');
      expect(await optionValue('ModelRequestRateLimitSuccessCount')).toBe('1');
    });

    it('floats: within their min and max', async () => {
      const key = 'claude.thinking_adapter_budget_tokens_percentage';
      expect(await refused(key, '1.5')).toMatch(/at most 1/);
      expect(await refused(key, '0.05')).toMatch(/at least 0.1/);
      expect(await refused(key, 'half')).toMatch(/number/);
      await setOption(key, '0.5');
      expect(await optionValue(key)).toBe('0.5');
      expect(await refused('QuotaPerUnit', '0')).toMatch(/at least 1/);
    });

    const JSON_OPTIONS: Array<{ key: string; good: unknown; wrong: unknown[] }> = [
      {
        key: 'ModelRatio',
        good: { 'gpt-4o': 1.25, 'house-model': 0.5 },
        wrong: [{ a: 'x' }, { a: -1 }, [1]],
      },
      { key: 'CompletionRatio', good: { 'gpt-4o': 4 }, wrong: [{ a: 'x' }, { a: -1 }] },
      { key: 'CacheRatio', good: { 'gpt-4o': 0.5 }, wrong: [{ a: 'x' }, { a: -0.1 }] },
      { key: 'ModelPrice', good: { 'dall-e-3': 0.04 }, wrong: [{ 'dall-e-3': '0.04' }, { a: -1 }] },
      { key: 'GroupRatio', good: { default: 1, vip: 0.8 }, wrong: [{ vip: 'cheap' }, { vip: -1 }] },
      {
        key: 'UserUsableGroups',
        good: { default: 'Default', vip: 'VIP' },
        wrong: [{ default: 1 }, ['default']],
      },
      {
        key: 'Chats',
        good: [{ Web: 'https://chat.example/?key={key}' }],
        wrong: [{ Web: 'x' }, [{ Web: 2 }]],
      },
      { key: 'gemini.safety_settings', good: { default: 'BLOCK_NONE' }, wrong: [{ default: 0 }] },
      {
        key: 'gemini.version_settings',
        good: { default: 'v1beta', 'gemini-1.0-pro': 'v1' },
        wrong: [['v1']],
      },
      {
        key: 'claude.model_headers_settings',
        good: { 'claude-3-7-sonnet-20250219': { 'anthropic-beta': ['output-128k-2025-02-19'] } },
        wrong: [{ 'claude-3': 'x' }],
      },
      {
        key: 'claude.default_max_tokens',
        good: { default: 8192, 'claude-3-haiku': 4096 },
        wrong: [{ default: -5 }],
      },
    ];

    for (const { key, good, wrong } of JSON_OPTIONS) {
      it(`${key}: invalid JSON and wrong shapes refused, a pretty-printed value kept verbatim`, async () => {
        expect(await refused(key, '{"unterminated": ')).toContain('not a valid JSON string');
        for (const shape of wrong) await refused(key, JSON.stringify(shape));
        const pretty = JSON.stringify(good, null, 2);
        await setOption(key, pretty);
        expect(await optionValue(key)).toBe(pretty);
        // A refused PUT afterwards leaves the accepted value in place.
        await refused(key, '[not json');
        expect(await optionValue(key)).toBe(pretty);
      });
    }

    it('refuses an unknown key and a missing key, in words a person reads', async () => {
      const unknown = await root.put('/api/option/', { key: 'NoSuchOption', value: '1' });
      expect(unknown.body.success).toBe(false);
      expect(unknown.body.message).toMatch(/unknown option/);
      expect((await listOptions()).some((o) => o.key === 'NoSuchOption')).toBe(false);
      const noKey = await root.put('/api/option/', { value: 'x' });
      expect(noKey.body.success).toBe(false);
      expect(noKey.body.message).toMatch(/key/);
      expect(noKey.body.message).not.toMatch(/expected|received|Invalid input/);
      const emptyKey = await root.put('/api/option/', { key: '', value: 'x' });
      expect(emptyKey.body.success).toBe(false);
    });

    it("saves a field sent with no value (as new-api's console sends an empty one) as empty, as new-api does", async () => {
      expect(
        (await root.put('/api/option/', { key: 'oidc.client_id', value: 'client-1' })).body.success,
      ).toBe(true);
      const noValue = await root.put('/api/option/', { key: 'oidc.client_id' });
      expect(noValue.body, noValue.body.message).toMatchObject({ success: true });
      expect(await optionValue('oidc.client_id')).toBe('');
      // A number left empty is refused with what to put there, never the validator's wording.
      const noNumber = await root.put('/api/option/', { key: 'QuotaForNewUser' });
      expect(noNumber.body.success).toBe(false);
      expect(noNumber.body.message).toMatch(/QuotaForNewUser/);
      expect(noNumber.body.message).not.toMatch(/expected|received|nonoptional/);
    });

    it('answers a malformed body with HTTP 400 and success:false', async () => {
      const answer = await root.put('/api/option/', '{"key": "SystemName", "value": ');
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
    });

    it('is root only: an admin cannot change an option', async () => {
      const answer = await admin.put('/api/option/', { key: 'SystemName', value: 'Hijacked' });
      expect(answer.body.success).toBe(false);
      expect(await optionValue('SystemName')).not.toBe('Hijacked');
    });

    it('strips the trailing slash from ServerAddress', async () => {
      await setOption('ServerAddress', 'https://gw.example.com/');
      expect(await optionValue('ServerAddress')).toBe('https://gw.example.com');
      expect((await status()).server_address).toBe('https://gw.example.com');
      expect(await refused('ServerAddress', 'gw.example.com')).toMatch(/http/);
    });

    it('validates AutomaticRetryStatusCodes range syntax', async () => {
      await setOption('AutomaticRetryStatusCodes', '429,500-503');
      expect(await optionValue('AutomaticRetryStatusCodes')).toBe('429,500-503');
      for (const bad of ['abc', '600', '503-500', '5xx']) await refused('AutomaticRetryStatusCodes', bad);
    });

    it('refuses to enable GitHub OAuth before the client id and secret are filled in', async () => {
      expect(await refused('GitHubOAuthEnabled', 'true')).toMatch(/GitHub Client Id and Client Secret/);
      // GitHubClientSecret was set in an earlier test; clear it so only the id is present.
      await setOption('GitHubClientSecret', '');
      await setOption('GitHubClientId', 'Iv1.abc123');
      expect(await refused('GitHubOAuthEnabled', true)).toMatch(/GitHub/);
      expect((await status()).github_oauth).toBe(false);
      await setOption('GitHubClientSecret', 'gh-secret');
      await setOption('GitHubOAuthEnabled', 'true');
      const s = await status();
      expect(s.github_oauth).toBe(true);
      expect(s.github_client_id).toBe('Iv1.abc123');
      await setOption('GitHubOAuthEnabled', 'false');
      expect((await status()).github_oauth).toBe(false);
    });

    it('sees a value saved a moment ago through another worker or node, whose change notice is still on its way', async () => {
      // Written straight to the database, as another node does, with no change notice sent here.
      const otherNode = openStore({ sqlDsn: t.db.sqlDsn, sqlitePath: t.db.sqlitePath });
      try {
        await writeOption(otherNode, 'SMTPServer', 'smtp.other-node.example');
      } finally {
        await otherNode.close();
      }
      expect(await optionValue('SMTPServer')).toBe('smtp.other-node.example');
      // The switch's prerequisite is checked against that fresh value, not refused as missing.
      await setOption('EmailVerificationEnabled', 'true');
      expect((await status()).email_verification).toBe(true);
      await setOption('EmailVerificationEnabled', 'false');
    });

    it('keeps a large price table (200 KB) intact', async () => {
      const table: Record<string, number> = {};
      for (let i = 0; i < 5000; i++) table[`vendor/model-${i}-preview`] = i / 1000;
      const pretty = JSON.stringify(table, null, 2);
      expect(pretty.length).toBeGreaterThan(150_000);
      await setOption('CompletionRatio', pretty);
      expect(await optionValue('CompletionRatio')).toBe(pretty);
    });
  });

  describe('changes take effect without a restart', () => {
    it('SystemName shows in GET /api/status at once', async () => {
      await setOption('SystemName', 'Acme Gateway');
      expect((await status()).system_name).toBe('Acme Gateway');
    });

    it('RegisterEnabled=false blocks registration with a clear message, true allows it again', async () => {
      await setOption('RegisterEnabled', 'false');
      expect((await status()).register_enabled).toBe(false);
      const blocked = await new ConsoleClient(t.url).post('/api/user/register', {
        username: 'blocked1',
        password: 'password123',
      });
      expect(blocked.body).toEqual({
        success: false,
        message: expect.stringMatching(/registration has been disabled/),
      });
      await setOption('RegisterEnabled', 'true');
      const allowed = await new ConsoleClient(t.url).post('/api/user/register', {
        username: 'blocked1',
        password: 'password123',
      });
      expect(allowed.body.success).toBe(true);
    });

    it('QuotaForNewUser applies to the next registration', async () => {
      await setOption('QuotaForNewUser', '777');
      const c = new ConsoleClient(t.url);
      expect(
        (await c.post('/api/user/register', { username: 'gift1', password: 'password123' })).body.success,
      ).toBe(true);
      await c.login('gift1', 'password123');
      expect((await c.get<{ quota: number }>('/api/user/self')).body.data?.quota).toBe(777);
      await setOption('QuotaForNewUser', '0');
    });

    it('values persist across a restart', async () => {
      const ratio = JSON.stringify({ 'persisted-model': 3, 'gpt-4o': 1.25 }, null, 2);
      await setOption('SystemName', 'Persisted Gateway');
      await setOption('RetryTimes', '4');
      await setOption('ModelRatio', ratio);
      await setOption('DisplayInCurrencyEnabled', 'false');
      await restart();
      expect(await optionValue('SystemName')).toBe('Persisted Gateway');
      expect(await optionValue('RetryTimes')).toBe('4');
      expect(await optionValue('ModelRatio')).toBe(ratio);
      const s = await status();
      expect(s.system_name).toBe('Persisted Gateway');
      expect(s.display_in_currency).toBe(false);
      await setOption('DisplayInCurrencyEnabled', 'true');
      await setOption('RetryTimes', '0');
    });
  });

  describe('POST /api/option/rest_model_ratio', () => {
    it('restores the ModelRatio default after a change', async () => {
      const original = initial.find((o) => o.key === 'ModelRatio')!.value;
      await setOption('ModelRatio', '{"only-this": 1}');
      expect(await optionValue('ModelRatio')).toBe('{"only-this": 1}');
      const answer = await root.post('/api/option/rest_model_ratio');
      expect(answer.body.success).toBe(true);
      expect(await optionValue('ModelRatio')).toBe(original);
      expect(JSON.parse((await optionValue('ModelRatio'))!)).toHaveProperty('gpt-4o');
    });

    it('is root only', async () => {
      await setOption('ModelRatio', '{"kept": 2}');
      expect((await admin.post('/api/option/rest_model_ratio')).body.success).toBe(false);
      expect(await optionValue('ModelRatio')).toBe('{"kept": 2}');
      await root.post('/api/option/rest_model_ratio');
    });
  });

  describe('GET /api/status', () => {
    it('is public and has every field of StatusObject with its type', async () => {
      const response = await fetch(`${t.url}/api/status`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { success: boolean; data: Record<string, unknown> };
      expect(body.success).toBe(true);
      for (const [field, type] of Object.entries(STATUS_FIELDS)) {
        const value = body.data[field];
        if (type === 'array') expect(Array.isArray(value), field).toBe(true);
        else expect(typeof value, field).toBe(type);
      }
      expect(Object.keys(body.data).sort()).toEqual(Object.keys(STATUS_FIELDS).sort());
      expect(body.data.quota_per_unit).toBe(500000);
      expect(body.data.setup).toBe(true);
    });

    it('reflects DisplayInCurrencyEnabled, Chats, self-use and demo modes', async () => {
      await setOption('DisplayInCurrencyEnabled', 'false');
      await setOption('SelfUseModeEnabled', 'true');
      await setOption('DemoSiteEnabled', 'true');
      const chats = [{ 'My Chat': 'https://chat.example/#/?key={key}&url={address}' }];
      await setOption('Chats', JSON.stringify(chats, null, 2));
      let s = await status();
      expect(s.display_in_currency).toBe(false);
      expect(s.self_use_mode_enabled).toBe(true);
      expect(s.demo_site_enabled).toBe(true);
      expect(s.chats).toEqual(chats);
      await setOption('DisplayInCurrencyEnabled', 'true');
      await setOption('SelfUseModeEnabled', 'false');
      await setOption('DemoSiteEnabled', 'false');
      s = await status();
      expect(s.display_in_currency).toBe(true);
      expect(s.self_use_mode_enabled).toBe(false);
      expect(s.demo_site_enabled).toBe(false);
    });
  });

  describe('quota display type', () => {
    it('shows CNY at the exchange rate and a custom currency, and keeps the legacy switch in step', async () => {
      await setOption('USDExchangeRate', '7');
      await setOption('general_setting.quota_display_type', 'CNY');
      let s = await status();
      expect([s.quota_display_type, s.display_in_currency, s.usd_exchange_rate]).toEqual(['CNY', true, 7]);
      expect(await optionValue('DisplayInCurrencyEnabled')).toBe('true');

      await setOption('general_setting.quota_display_type', 'TOKENS');
      s = await status();
      expect([s.quota_display_type, s.display_in_currency]).toEqual(['TOKENS', false]);
      expect(await optionValue('DisplayInCurrencyEnabled')).toBe('false');

      // The legacy switch on again: US dollars (nothing else was chosen); off: raw units.
      await setOption('DisplayInCurrencyEnabled', 'true');
      expect((await status()).quota_display_type).toBe('USD');
      await setOption('general_setting.custom_currency_symbol', ' € ');
      await setOption('general_setting.custom_currency_exchange_rate', '0.9');
      await setOption('general_setting.quota_display_type', 'CUSTOM');
      s = await status();
      expect([s.quota_display_type, s.custom_currency_symbol, s.custom_currency_exchange_rate]).toEqual([
        'CUSTOM',
        '€',
        0.9,
      ]);
      // Turning the switch on keeps a currency already chosen; off is raw units.
      await setOption('DisplayInCurrencyEnabled', 'true');
      expect((await status()).quota_display_type).toBe('CUSTOM');
      await setOption('DisplayInCurrencyEnabled', 'false');
      expect((await status()).quota_display_type).toBe('TOKENS');
      await setOption('general_setting.quota_display_type', 'USD');
      await setOption('USDExchangeRate', '7.3');
      // The warning threshold of users without their own, which /personal shows them.
      expect((await status()).quota_remind_threshold).toBe(1000);
      await setOption('QuotaRemindThreshold', '250000');
      expect((await status()).quota_remind_threshold).toBe(250000);
    });

    it('refuses a rate of zero and an unknown type, changing nothing', async () => {
      for (const [key, value] of [
        ['USDExchangeRate', '0'],
        ['general_setting.custom_currency_exchange_rate', '-1'],
        ['general_setting.quota_display_type', 'EUR'],
      ]) {
        const before = await optionValue(key);
        const answer = await root.put('/api/option/', { key, value });
        expect(answer.body.success, key).toBe(false);
        expect(await optionValue(key)).toBe(before);
      }
      expect((await status()).quota_display_type).toBe('USD');
    });
  });

  describe('GET /api/group/', () => {
    it('lists the group names of GroupRatio to admins, not to common users', async () => {
      await setOption('GroupRatio', JSON.stringify({ default: 1, gold: 0.5, partner: 2 }, null, 2));
      const answer = await admin.get<string[]>('/api/group/');
      expect(answer.body.success).toBe(true);
      expect([...answer.body.data!].sort()).toEqual(['default', 'gold', 'partner']);
      const denied = await common.get('/api/group/');
      expect(denied.body.success).toBe(false);
      expect((await new ConsoleClient(t.url).get('/api/group/')).status).toBe(401);
    });
  });
});
