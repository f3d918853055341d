import type { Page } from '@playwright/test';
import { useEnglish } from './support/console-api.ts';
import { failOnPageErrors, signInAsRoot } from './support/finish.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue #27 item 7: the channel form asks each type for what it needs, as the server's catalogue
 * (/api/channel/types) says: the key formats with their validation, what `other` holds, a
 * required base URL, a warning for a type not served yet. The console knows no type itself.
 */
test.describe.configure({ mode: 'serial' });
failOnPageErrors();

async function openNewChannelOfType(page: Page, typeName: string) {
  await page.goto('/channel');
  await page.getByRole('button', { name: 'Add channel' }).click();
  await page.locator('#channel_type').fill(typeName);
  await page.locator('#channel_type').press('Enter');
}

const itemOf = (page: Page, selector: string) =>
  page.locator('.ant-form-item').filter({ has: page.locator(selector) });

test('channel form: Bedrock offers its two key formats and holds the key to the one chosen', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  await openNewChannelOfType(page, 'AWS Bedrock');
  const key = page.locator('#channel_key');
  await expect(key).toHaveAttribute('placeholder', /^AKIA.+\|us-east-1$/);
  await page.locator('#channel_name').fill('bedrock-form');
  await key.fill('sk-not-an-aws-key');
  await page.locator('button[type="submit"][form="channel"]').click();
  const keyItem = itemOf(page, '#channel_key');
  await expect(keyItem.locator('.ant-form-item-explain-error')).toContainText(
    'The key must be written as AccessKeyId|SecretAccessKey|region',
  );
  await keepScreenshot(page, 'finish-channel-form-bedrock-en-light');

  // The other format: an API key and its region.
  await page.getByLabel('Key format').click();
  await page.locator('.ant-select-item-option', { hasText: 'Bedrock API key' }).click();
  await expect(key).toHaveAttribute('placeholder', /\|us-west-2$/);
  await key.fill('ABSKexample|us-west-2');
  await expect(keyItem).not.toHaveClass(/ant-form-item-has-error/);
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'finish-channel-form-bedrock-en-phone');
});

test('channel form: Cloudflare asks for its account id, Azure for its address, MokaAI warns it is not served', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  await openNewChannelOfType(page, 'Cloudflare');
  const other = itemOf(page, '#channel_other');
  await expect(other.locator('label')).toHaveText('Account ID');
  await expect(other.locator('label')).toHaveClass(/ant-form-item-required/);
  await page.locator('button[type="submit"][form="channel"]').click();
  await expect(other.locator('.ant-form-item-explain-error')).toHaveText('Please fill in Account ID');

  await openNewChannelOfType(page, 'Azure');
  await expect(itemOf(page, '#channel_base_url').locator('label')).toHaveClass(/ant-form-item-required/);
  await expect(itemOf(page, '#channel_other').locator('label')).toHaveText('Default API version');
  await expect(page.locator('#channel_openai_organization')).toHaveCount(0);

  await openNewChannelOfType(page, 'MokaAI');
  await expect(page.locator('.ant-drawer .ant-alert-warning')).toContainText(
    'This gateway does not serve this type yet',
  );
  await expect(page.locator('#channel_other')).toHaveCount(0);
});
