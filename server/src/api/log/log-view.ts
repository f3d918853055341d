import type { LogView } from '@relaygate/contract';
import type { Language } from '../../i18n/language.ts';
import { fromDbBool } from '../../store/dialect.ts';
import { contentIn } from '../../store/log-text.ts';
import type { LogRow } from '../../store/log-queries.ts';

/**
 * The `other` JSON as a non-admin may see it: without `admin_info` (channels tried, shortfalls).
 * Text that is not a JSON object is withheld entirely, since it cannot be checked.
 */
export function otherForUser(other: string | null): string {
  if (!other) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(other);
  } catch {
    return '';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
  if (!('admin_info' in parsed)) return other;
  const { admin_info: _hidden, ...rest } = parsed as Record<string, unknown>;
  return JSON.stringify(rest);
}

/**
 * A log row for the console; `admin` decides whether channel details and admin_info are shown.
 * Its content is in the reader's language where the row keeps a language-neutral form.
 */
export function toLogView(row: LogRow, admin: boolean, language: Language): LogView {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    created_at: Number(row.created_at),
    type: row.type,
    content: contentIn(row, language),
    username: row.username,
    token_name: row.token_name,
    model_name: row.model_name,
    quota: Number(row.quota),
    prompt_tokens: Number(row.prompt_tokens),
    completion_tokens: Number(row.completion_tokens),
    use_time: row.use_time,
    is_stream: fromDbBool(row.is_stream),
    channel: admin ? Number(row.channel_id) : 0,
    channel_name: admin ? (row.channel_name ?? '') : '',
    token_id: Number(row.token_id),
    group: row.group,
    ip: row.ip,
    request_id: row.request_id,
    upstream_request_id: row.upstream_request_id,
    other: admin ? (row.other ?? '') : otherForUser(row.other),
  };
}
