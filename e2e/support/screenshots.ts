import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { screenshotDir } from './constants.ts';

/** Keeps a full-page screenshot among the run's artifacts (e2e/results/screenshots/<name>.png). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir(), `${name}.png`), fullPage: true });
}
