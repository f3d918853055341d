/** Every /api answer: business errors are HTTP 200 with success:false. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/** A page of a list: `p` counts from 1, `page_size` is at most 100. */
export interface Page<T> {
  page: number;
  page_size: number;
  total: number;
  items: T[];
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
