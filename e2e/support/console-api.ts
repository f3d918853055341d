import type { Page } from '@playwright/test';
import { gatewayUrl } from './constants.ts';

/** The console's answer envelope. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/**
 * Reads the API as the signed-in console user: the session cookie of the page's context plus the
 * `New-Api-User` header carrying the stored user's id, as the console itself sends it.
 */
export async function apiGet<T>(page: Page, path: string): Promise<Envelope<T>> {
  return apiCall<T>(page, 'GET', path);
}

/** The same for any method, with a JSON body. */
export async function apiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id as number);
  const answer = await page.request.fetch(path, {
    method,
    headers: { 'New-Api-User': String(id), 'Cache-Control': 'no-store' },
    data: body,
  });
  return (await answer.json()) as Envelope<T>;
}

/** Makes every page of the context start in English, so the specs can match the English strings. */
export async function useEnglish(page: Page): Promise<void> {
  // Only in the console's own documents: a chat client's frame from another site may not touch storage.
  await page.addInitScript((origin) => {
    if (window.location.origin === origin) localStorage.setItem('i18nextLng', 'en');
  }, gatewayUrl());
}

/** A short name unique to this run (usernames allow at most 12 characters). */
export function uniqueSuffix(): string {
  return Date.now().toString(36).slice(-6);
}
