import { startMailCatcher, type MailCatcher } from '../server/test/support/mail-catcher.ts';
import { uniqueSuffix } from './support/console-api.ts';
import { gatewayUrl } from './support/constants.ts';
import { optionValues, setOptionsAsRoot, withRoot } from './support/root.ts';
import { englishPagesWithoutErrors, signIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue #16's e-mail flows as a person goes through them, the mail read from a local SMTP server
 * this spec starts: forgot password → mail → new password → sign in; register with an e-mail code.
 */
test.describe.configure({ mode: 'serial' });
englishPagesWithoutErrors();

let smtp: MailCatcher;
let serverAddressBefore = '';
const suffix = uniqueSuffix();

test.beforeAll(async ({ browser }) => {
  smtp = await startMailCatcher();
  serverAddressBefore = await withRoot(browser, async (admin) => {
    return (await optionValues(admin, ['ServerAddress'])).ServerAddress ?? '';
  });
  await setOptionsAsRoot(browser, {
    SMTPServer: '127.0.0.1',
    SMTPPort: String(smtp.port),
    SMTPAccount: 'e2e@relaygate.test',
    SMTPFrom: 'e2e@relaygate.test',
    SMTPToken: 'e2e-smtp-password',
    SMTPSSLEnabled: 'false',
    // Reset links point at the site's own address, never at the Host a request names.
    ServerAddress: gatewayUrl(),
  });
});
test.afterAll(async ({ browser }) => {
  await setOptionsAsRoot(browser, {
    EmailVerificationEnabled: 'false',
    SMTPServer: '',
    ServerAddress: serverAddressBefore,
  });
  await smtp?.close();
});

test('forgot password: the mailed link gives a new password that signs in', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const username = `fp${suffix}`;
  const email = `${username}@example.com`;
  const registered = await page.request.post('/api/user/register', {
    data: { username, password: 'old-password-1', email },
  });
  expect((await registered.json()).success).toBe(true);

  await page.goto('/login');
  await page.locator('a[href="/reset"]').click();
  await expect(page).toHaveURL(/\/reset$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();

  const mail = await smtp.next(email);
  const link = new URL(/(http\S+\/user\/reset\?\S+)/.exec(mail.text)![1]!);
  await page.goto(link.pathname + link.search);
  await expect(page.locator('#reset_confirm_email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Confirm reset' }).click();
  const shown = page.locator('#reset_confirm_password');
  await expect(shown).toHaveValue(/^[A-Za-z0-9]{12}$/);
  const password = await shown.inputValue();

  await signIn(page, username, password);
});

test('register with an e-mail code, then sign in', async ({ page, browser }) => {
  await setOptionsAsRoot(browser, { EmailVerificationEnabled: 'true' });
  const username = `rc${suffix}`;
  const email = `${username}@example.com`;

  await page.goto('/register');
  await page.locator('#register_username').fill(username);
  await page.locator('#register_password').fill('password-123');
  await page.locator('#register_password2').fill('password-123');
  await page.locator('#register_email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const mail = await smtp.next(email);
  const code = /code is: ([0-9a-f]{6})/.exec(mail.text)![1]!;
  // Sent: the button waits 30 seconds before another code.
  await expect(page.getByRole('button', { name: /Send code/ })).toBeDisabled();
  await page.locator('#register_verification_code').fill(code);
  await page.locator('form#register button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, username, 'password-123');
});

test('root sends a test mail from the SMTP settings and sees where it went', async ({ browser }) => {
  await withRoot(browser, async (admin) => {
    await admin.goto('/setting?tab=system');
    await admin.locator('#setting_smtp_test_to').fill('ops@example.com');
    await admin.getByRole('button', { name: 'Send a test mail' }).click();
    await expect(admin.getByText('Test mail sent to ops@example.com')).toBeVisible();
    expect((await smtp.next('ops@example.com')).subject).toMatch(/test mail/);
  });
});
