/**
 * Every console API route (and the relay's JSON entry points) with one plausible input, for the
 * fuzz test: each field in turn gets each hostile value. `:name` in a path is a field too.
 */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Values for the path's `:name` parameters. */
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** Sent with an API key instead of the console session. */
  relay?: boolean;
}

const page = { p: 1, page_size: 10 };
const channelFields = {
  name: 'fuzz',
  type: 1,
  key: 'sk-fuzz',
  base_url: 'https://api.example.com',
  models: 'm1,m2',
  group: 'default',
  model_mapping: '{"m1":"m2"}',
  status_code_mapping: '{"429":"503"}',
  priority: 0,
  weight: 1,
  setting: '{}',
  param_override: '{}',
  header_override: '{}',
  tag: 'fuzz-tag',
  other: '',
  test_model: 'm1',
  auto_ban: 1,
  max_input_tokens: 0,
};
const tokenFields = {
  name: 'fuzz',
  remain_quota: 1000,
  expired_time: -1,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: 'm1',
  allow_ips: '',
  group: '',
};
const chat = { model: 'm1', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5, stream: false };

export function fuzzRoutes(ids: { user: number; token: number; channel: number }): FuzzRoute[] {
  return [
    { method: 'GET', path: '/api/status' },
    { method: 'GET', path: '/api/notice' },
    { method: 'GET', path: '/api/about' },
    { method: 'GET', path: '/api/home_page_content' },
    { method: 'GET', path: '/api/group/' },
    { method: 'GET', path: '/api/option/' },
    { method: 'PUT', path: '/api/option/', body: { key: 'SystemName', value: 'Relaygate' } },
    { method: 'PUT', path: '/api/option/', body: { key: 'ModelRatio', value: '{"m1": 1}' } },
    { method: 'PUT', path: '/api/option/', body: { key: 'RetryTimes', value: '0' } },
    { method: 'PUT', path: '/api/option/', body: { key: 'QuotaPerUnit', value: '500000' } },
    { method: 'PUT', path: '/api/option/', body: { key: 'OutboundAllowList', value: '' } },
    { method: 'POST', path: '/api/user/login', body: { username: 'nobody', password: 'wrong-password' } },
    { method: 'GET', path: '/api/verification', query: { email: 'fuzz@example.com', turnstile: '' } },
    { method: 'GET', path: '/api/reset_password', query: { email: 'fuzz@example.com', turnstile: '' } },
    { method: 'POST', path: '/api/user/reset', body: { email: 'fuzz@example.com', token: 'f'.repeat(32) } },
    { method: 'GET', path: '/api/oauth/email/bind', query: { email: 'fuzz@example.com', code: '123456' } },
    { method: 'POST', path: '/api/oauth/email/bind', body: { email: 'fuzz@example.com', code: '123456' } },
    { method: 'POST', path: '/api/option/test_smtp', body: { to: 'fuzz@example.com' } },
    {
      method: 'POST',
      path: '/api/user/register',
      body: { username: 'fz', password: 'password123', password2: 'password123', email: '', aff_code: '' },
    },
    { method: 'GET', path: '/api/user/self' },
    {
      method: 'PUT',
      path: '/api/user/self',
      body: { display_name: 'Root', password: '', original_password: '' },
    },
    { method: 'GET', path: '/api/user/aff' },
    { method: 'POST', path: '/api/user/aff_transfer', body: { quota: 1 } },
    { method: 'GET', path: '/api/user/models' },
    { method: 'GET', path: '/api/user/self/groups' },
    {
      method: 'PUT',
      path: '/api/user/setting',
      body: { notify_type: 'email', quota_warning_threshold: 1000, webhook_url: '', notification_email: '' },
    },
    { method: 'GET', path: '/api/user/', query: page },
    { method: 'GET', path: '/api/user/search', query: { keyword: 'fz', group: 'default', ...page } },
    { method: 'GET', path: '/api/user/:id', params: { id: ids.user } },
    {
      method: 'POST',
      path: '/api/user/',
      body: { username: 'fzu', password: 'password123', display_name: 'x' },
    },
    {
      method: 'PUT',
      path: '/api/user/',
      body: { id: ids.user, username: 'fuzzed', display_name: 'x', group: 'default', quota: 10, remark: '' },
    },
    { method: 'POST', path: '/api/user/manage', body: { id: ids.user, action: 'enable' } },
    { method: 'GET', path: '/api/token/', query: page },
    { method: 'GET', path: '/api/token/search', query: { keyword: 'fuzz', token: 'sk-abc', ...page } },
    { method: 'GET', path: '/api/token/:id', params: { id: ids.token } },
    { method: 'POST', path: '/api/token/', body: tokenFields },
    { method: 'PUT', path: '/api/token/', body: { id: ids.token, status: 1, ...tokenFields } },
    { method: 'POST', path: '/api/token/batch', body: { ids: [ids.token + 1000] } },
    { method: 'DELETE', path: '/api/token/:id', params: { id: ids.token + 1000 } },
    {
      method: 'GET',
      path: '/api/channel/',
      query: { ...page, id_sort: true, tag_mode: false, status: 1, type: 1, group: 'default' },
    },
    {
      method: 'GET',
      path: '/api/channel/search',
      query: { keyword: 'fuzz', group: 'default', model: 'm1', ...page },
    },
    { method: 'GET', path: '/api/channel/:id', params: { id: ids.channel } },
    { method: 'GET', path: '/api/channel/models' },
    { method: 'GET', path: '/api/channel/models_enabled' },
    { method: 'GET', path: '/api/channel/types' },
    { method: 'GET', path: '/api/channel/tag/models', query: { tag: 'fuzz-tag' } },
    { method: 'POST', path: '/api/channel/', body: channelFields },
    { method: 'PUT', path: '/api/channel/', body: { id: ids.channel, ...channelFields } },
    { method: 'POST', path: '/api/channel/batch', body: { ids: [ids.channel + 1000] } },
    { method: 'POST', path: '/api/channel/batch/tag', body: { ids: [ids.channel], tag: 'fuzz-tag' } },
    { method: 'POST', path: '/api/channel/tag/enabled', body: { tag: 'fuzz-tag' } },
    {
      method: 'PUT',
      path: '/api/channel/tag',
      body: { tag: 'fuzz-tag', new_tag: 'fuzz-tag', models: 'm1', groups: 'default', priority: 0, weight: 1 },
    },
    { method: 'POST', path: '/api/channel/:id/key', params: { id: ids.channel } },
    {
      method: 'POST',
      path: '/api/channel/fetch_models',
      body: { base_url: 'http://10.0.0.1', type: 1, key: 'k' },
    },
    { method: 'DELETE', path: '/api/channel/:id', params: { id: ids.channel + 1000 } },
    {
      method: 'GET',
      path: '/api/log',
      query: { ...page, type: 2, username: 'root', model_name: 'm1', start_timestamp: 0 },
    },
    {
      method: 'GET',
      path: '/api/log/self',
      query: { ...page, token_name: 'fuzz', end_timestamp: 2_000_000_000 },
    },
    { method: 'DELETE', path: '/api/log', query: { target_timestamp: 1 } },
    { method: 'POST', path: '/v1/chat/completions', body: chat, relay: true },
    { method: 'POST', path: '/v1/messages', body: { ...chat, max_tokens: 5 }, relay: true },
    { method: 'POST', path: '/v1/messages/count_tokens', body: chat, relay: true },
    { method: 'GET', path: '/v1/models/:model', params: { model: 'm1' }, relay: true },
    { method: 'GET', path: '/v1beta/models/:model', params: { model: 'm1' }, relay: true },
    {
      method: 'POST',
      path: '/v1/responses',
      body: { model: 'm1', input: 'hi', max_output_tokens: 5, stream: false },
      relay: true,
    },
    {
      method: 'POST',
      path: '/v1beta/models/:target',
      params: { target: 'm1:generateContent' },
      body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
      relay: true,
    },
    {
      method: 'POST',
      path: '/v1beta/models/:target',
      params: { target: 'm1:countTokens' },
      body: {
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        generationConfig: { maxOutputTokens: 5 },
      },
      relay: true,
    },
  ];
}

const DEEP = 5000;
/** Stands for a 5000-deep JSON array in a body, put in by text (no JS value that deep is built). */
export const DEEP_MARKER = '__fuzz_deep_json__';
export const deepJson = (): string => '['.repeat(DEEP) + ']'.repeat(DEEP);

/** Values a field gets in turn: NUL bytes, huge strings, deep JSON, wrong types, extreme numbers, odd unicode. */
export const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(70_000),
  DEEP_MARKER,
  -1,
  -(2 ** 63),
  2 ** 64,
  1e308,
  0.5,
  true,
  null,
  {},
  ['a', 1, null],
  '\uD800 lone surrogate 😀\u202e',
  "'; DROP TABLE users;--",
  '   ',
];
