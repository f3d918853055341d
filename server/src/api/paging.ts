import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@relaygate/contract';

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** `p` counts from 1 (0 or junk reads as 1); `page_size` (or `ps`, `size`) is clamped to 1..100. */
export function readPaging(query: Record<string, unknown>): Paging {
  const page = positiveInt(query.p) ?? 1;
  const requested = positiveInt(query.page_size) ?? positiveInt(query.ps) ?? positiveInt(query.size);
  const pageSize = Math.min(requested ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export const pageOf = <T>(paging: Paging, total: number, items: T[]): Page<T> => ({
  page: paging.page,
  page_size: paging.pageSize,
  total,
  items,
});
