import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../store/log-queries.ts';
import { otherForUser, toLogView } from './log-view.ts';

const row: LogRow = {
  id: 5,
  user_id: 2,
  created_at: 1700000000,
  type: 2,
  content: null,
  username: 'alice',
  token_name: 'tok',
  model_name: 'gpt-4o',
  quota: 120,
  prompt_tokens: 10,
  completion_tokens: 20,
  use_time: 3,
  is_stream: 1,
  channel_id: 7,
  token_id: 4,
  group: 'default',
  ip: '',
  request_id: 'r1',
  upstream_request_id: 'u1',
  other: JSON.stringify({ model_ratio: 2.5, admin_info: { use_channel: [7, 8] } }),
  channel_name: 'primary',
};

describe('otherForUser', () => {
  it('drops admin_info and keeps the rest', () => {
    expect(JSON.parse(otherForUser(row.other))).toEqual({ model_ratio: 2.5 });
  });

  it('passes JSON without admin_info unchanged', () => {
    expect(otherForUser('{"frt":120}')).toBe('{"frt":120}');
  });

  it('withholds what is empty or not a JSON object', () => {
    expect(otherForUser(null)).toBe('');
    expect(otherForUser('')).toBe('');
    expect(otherForUser('admin_info: channel 7')).toBe('');
    expect(otherForUser('[1,2]')).toBe('');
    expect(otherForUser('null')).toBe('');
  });
});

describe('toLogView', () => {
  it('shows admins the channel, its name and admin_info', () => {
    const view = toLogView(row, true, 'en');
    expect(view).toMatchObject({ channel: 7, channel_name: 'primary', is_stream: true, content: '' });
    expect(JSON.parse(view.other)).toHaveProperty('admin_info');
  });

  it('hides channel details and admin_info from others', () => {
    const view = toLogView({ ...row, is_stream: false }, false, 'en');
    expect(view).toMatchObject({ channel: 0, channel_name: '', is_stream: false, quota: 120 });
    expect(view.other).not.toContain('admin_info');
  });

  it('names a channel that is gone as empty', () => {
    expect(toLogView({ ...row, channel_name: null }, true, 'en').channel_name).toBe('');
  });
});
