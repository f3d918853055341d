import type { TableImport } from '../copy-table.ts';
import { bool, int, pick, text, textOrNull } from '../values.ts';

/**
 * logs: new-api's columns are ours; use_time is seconds. one-api has elapsed_time in milliseconds
 * instead (rounded to seconds here) and system_prompt_reset, which has no place here; ip,
 * request_id and upstream_request_id came later in new-api and are empty before.
 */
export const logsImport: TableImport = {
  table: 'logs',
  reads: [
    'id',
    'user_id',
    'created_at',
    'type',
    'content',
    'username',
    'token_name',
    'model_name',
    'quota',
    'prompt_tokens',
    'completion_tokens',
    'use_time',
    'elapsed_time',
    'is_stream',
    'channel_id',
    'token_id',
    'group',
    'ip',
    'request_id',
    'upstream_request_id',
    'other',
  ],
  // A log row is history, kept even when its user could not be imported.
  map(row) {
    const useTime = 'use_time' in row ? int(row.use_time) : Math.round(int(row.elapsed_time) / 1000);
    return {
      id: int(row.id),
      user_id: int(row.user_id),
      created_at: int(row.created_at),
      type: int(row.type),
      content: textOrNull(row.content),
      username: text(row.username),
      token_name: text(row.token_name),
      model_name: text(row.model_name),
      quota: int(row.quota),
      prompt_tokens: int(row.prompt_tokens),
      completion_tokens: int(row.completion_tokens),
      use_time: useTime,
      is_stream: bool(row.is_stream),
      channel_id: int(pick(row, 'channel_id', 'channel')),
      token_id: int(row.token_id),
      group: text(row.group),
      ip: text(row.ip),
      request_id: text(row.request_id),
      upstream_request_id: text(row.upstream_request_id),
      other: textOrNull(row.other),
    };
  },
};
