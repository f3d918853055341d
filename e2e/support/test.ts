import { test as base } from '@playwright/test';
import { gatewayUrl } from './constants.ts';

/** Playwright's test with baseURL pointing at the gateway global-setup.ts started (its port is only known then). */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from this destructuring, so it must be present even when empty.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(gatewayUrl()),
});

export { expect } from '@playwright/test';
