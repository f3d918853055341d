import { LogType } from '@relaygate/contract';
import { msg, type Text } from '../i18n/text.ts';
import type { Store } from '../store/db.ts';
import { describedBy } from '../store/log-text.ts';
import { writeLogs, type NewLog } from '../store/log-writer.ts';
import { nowSeconds } from '../store/users.ts';

/** A refused call as the usage log shows it. */
export interface Refusal {
  userId: number;
  username: string;
  tokenId: number;
  tokenName: string;
  group: string;
  model: string;
  requestId: string;
  /** limit code, e.g. key_rpm_limited */
  code: string;
  /** Why, language-neutral: the row is rendered in its reader's language. */
  reason: Text;
}

const FLUSH_EVERY_MS = 1000;
/** Rows written per flush at most: a flood of refused calls must not become a flood of writes. */
const MOST_ROWS_PER_FLUSH = 100;

/** A refused call's row: "rate limit: <reason>", kept language-neutral. */
function describeRefusal(refusal: Refusal): { content: string; other: string } {
  const other = { error_type: 'rate_limit', error_code: refusal.code, status_code: 429 };
  return describedBy(msg('limits.logRow', { reason: refusal.reason }), other);
}

/**
 * Writes refusals by a limit to the usage log as error rows (type 5, "rate limit: …"), in batches
 * once a second. Past MOST_ROWS_PER_FLUSH in one second the rest are counted in one summary row.
 */
export class RefusalLog {
  private readonly store: Store;
  private readonly onError: (error: unknown) => void;
  private rows: Array<NewLog & { created_at: number }> = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(store: Store, onError: (error: unknown) => void) {
    this.store = store;
    this.onError = onError;
  }

  add(refusal: Refusal): void {
    if (this.rows.length >= MOST_ROWS_PER_FLUSH) {
      this.dropped++;
    } else {
      this.rows.push({
        user_id: refusal.userId,
        username: refusal.username,
        type: LogType.Error,
        ...describeRefusal(refusal),
        token_name: refusal.tokenName,
        token_id: refusal.tokenId,
        model_name: refusal.model,
        group: refusal.group,
        request_id: refusal.requestId,
        created_at: nowSeconds(),
      });
    }
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.rows;
    if (this.dropped > 0 && rows.length > 0) {
      const last = rows[rows.length - 1]!;
      const other = { error_type: 'rate_limit', error_code: 'refused_calls', status_code: 429 };
      rows.push({
        ...last,
        ...describedBy(msg('limits.logMoreRefused', { count: this.dropped }), other),
        request_id: '',
      });
    }
    this.rows = [];
    this.dropped = 0;
    if (rows.length === 0) return;
    try {
      await writeLogs(this.store, rows);
    } catch (error) {
      this.onError(error);
    }
  }
}
