import { z } from 'zod';
import { zodText } from '../../i18n/zod-issue.ts';
import type { LogFilter } from '../../store/log-queries.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { msg } from '../../i18n/text.ts';

/** An empty query value (the console sends every field, blank when unused) counts as absent. */
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const wholeNumber = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, zodText('field.wholeNumber'))
    .transform(Number)
    .optional(),
);

/**
 * A time bound: a whole number, or absent. A JavaScript console's empty date field arrives as
 * `NaN` (new-api's /task page sends end_timestamp=NaN) or `undefined`/`null`: read as no limit,
 * as new-api reads it.
 */
export const timestamp = z.preprocess(
  (value) => (typeof value === 'string' && /^(nan|undefined|null)$/i.test(value.trim()) ? undefined : value),
  wholeNumber,
);

export const text = (max: number) =>
  z.preprocess(blankIsAbsent, z.string().trim().max(max, zodText('field.tooLong', { max })).optional());

const logQuerySchema = z.object({
  type: wholeNumber,
  start_timestamp: timestamp,
  end_timestamp: timestamp,
  username: text(64),
  token_name: text(255),
  model_name: text(255),
  channel: wholeNumber,
  group: text(64),
  request_id: text(64),
  upstream_request_id: text(128),
  keyword: text(255),
});

export interface LogFilterOptions {
  /** Admins may narrow by username and channel; on the self endpoints those are ignored. */
  admin: boolean;
  /** The self endpoints see only this user's rows. */
  userId?: number;
}

/** Reads the log filters of a query string; a value of the wrong kind is refused with its name. */
export function parseLogFilter(query: unknown, options: LogFilterOptions): LogFilter {
  const input = parseInput(logQuerySchema, query);
  return {
    userId: options.userId,
    type: input.type,
    startTimestamp: input.start_timestamp,
    endTimestamp: input.end_timestamp,
    username: options.admin ? input.username : undefined,
    tokenName: input.token_name,
    modelName: input.model_name,
    channelId: options.admin ? input.channel : undefined,
    group: input.group,
    requestId: input.request_id,
    upstreamRequestId: input.upstream_request_id,
    keyword: input.keyword,
  };
}

/** The cut-off of DELETE /api/log/: a positive number of unix seconds. */
export function parseTargetTimestamp(query: unknown): number {
  const value = (query as Record<string, unknown> | undefined)?.target_timestamp;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim()) || Number(value) <= 0) {
    throw new ApiError(msg('log.targetTimestamp'));
  }
  return Number(value);
}
