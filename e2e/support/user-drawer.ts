import { expect, type Page } from '@playwright/test';

/** Opens the edit drawer of `username` from the user list, as an admin does (either language, desktop or phone). */
export async function openUserDrawer(page: Page, username: string) {
  await page.goto('/user');
  // On a phone the search fields wait behind the filters toggle.
  const filters = page.getByTestId('filters-toggle');
  await expect(page.getByRole('button', { name: /Add user|添加用户/ })).toBeVisible();
  if (await filters.isVisible()) await filters.click();
  await page.locator('#searchUser_keyword').fill(username);
  await page.locator('#searchUser_keyword').press('Enter');
  const row = page.locator('.ant-table-row', { hasText: username });
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await row.getByRole('button', { name: /^(Edit|编辑)$/ }).click();
  await expect(page.getByTestId('user-balance')).toBeVisible();
  return row;
}
