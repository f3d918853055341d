import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PAGED_QUERY_FLAG,
  TOTAL_COUNT_HEADER,
  type ApiEnvelope,
  type Page,
} from '@relaygate/contract';
import type { FastifyReply } from 'fastify';
import { ok } from './envelope.ts';

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

/** Paging of a list that answers in new-api's classic form unless the caller asked for pages. */
export interface ListPaging extends Paging {
  /** true: `{page, page_size, total, items}` with `p` from 1; false: the plain array, `p` from 0. */
  paged: boolean;
}

function wholeNumber(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

function positiveInt(value: unknown): number | undefined {
  const n = wholeNumber(value);
  return n !== undefined && n > 0 ? n : undefined;
}

function requestedSize(query: Record<string, unknown>): number | undefined {
  return positiveInt(query.page_size) ?? positiveInt(query.ps) ?? positiveInt(query.size);
}

/** `p` counts from 1 (0 or junk reads as 1); `page_size` (or `ps`, `size`) is clamped to 1..100. */
export function readPaging(query: Record<string, unknown>): Paging {
  const page = positiveInt(query.p) ?? 1;
  const pageSize = Math.min(requestedSize(query) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** Go's strconv.ParseBool truths, as new-api reads its query flags. */
export const parseBoolFlag = (value: unknown): boolean =>
  ['1', 't', 'true'].includes(String(value ?? '').toLowerCase());

/**
 * The token and channel lists: new-api's classic console counts `p` from 0 (junk or negative reads
 * as 0) and sends `size` (tokens) or `page_size` (channels); at most 100 rows. `defaultSize` is for
 * the searches, which that console calls without any paging and reads whole.
 */
export function readListPaging(query: Record<string, unknown>, defaultSize = DEFAULT_PAGE_SIZE): ListPaging {
  if (parseBoolFlag(query[PAGED_QUERY_FLAG])) return { ...readPaging(query), paged: true };
  const index = wholeNumber(query.p) ?? 0;
  const pageSize = Math.min(requestedSize(query) ?? defaultSize, MAX_PAGE_SIZE);
  return { page: index, pageSize, offset: index * pageSize, paged: false };
}

export const pageOf = <T>(paging: Paging, total: number, items: T[]): Page<T> => ({
  page: paging.page,
  page_size: paging.pageSize,
  total,
  items,
});

/** One list answer: the total in its header, and the rows as the caller asked (extra keys go with pages only). */
export function listAnswer<T>(
  reply: FastifyReply,
  paging: ListPaging,
  total: number,
  items: T[],
  extra: Record<string, unknown> = {},
): ApiEnvelope<T[] | Page<T>> {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return ok(paging.paged ? { ...pageOf(paging, total, items), ...extra } : items);
}
