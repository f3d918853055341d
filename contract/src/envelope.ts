/** Every /api answer: business errors are HTTP 200 with success:false. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/**
 * A page of a list: `p` counts from 1, `page_size` is at most 100. The token and channel lists
 * answer this form only when asked with `paged=true`; by default they answer new-api's classic
 * form (see ListedPage).
 */
export interface Page<T> {
  page: number;
  page_size: number;
  total: number;
  items: T[];
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * The token and channel lists, as new-api's classic console reads them: `data` is the plain array,
 * `p` counts from 0, `size` or `page_size` is at most 100. The number of matching rows travels in
 * this header (every list sends it, in both forms).
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Query flag asking the token and channel lists for the Page form instead of the classic array. */
export const PAGED_QUERY_FLAG = 'paged';

/** A classic list as a client holds it: the rows of one page and the total from TOTAL_COUNT_HEADER. */
export interface ListedPage<T> {
  items: T[];
  total: number;
}
