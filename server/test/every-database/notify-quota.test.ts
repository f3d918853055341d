import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Notifier } from '../../src/notify/notifier.ts';
import type { ConsoleClient } from '../support/console-client.ts';
import { signInAsRoot } from '../support/console-client.ts';
import { startMailCatcher, smtpOptionsFor, type MailCatcher } from '../support/mail-catcher.ts';
import { chatAnswer } from '../support/money.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { seedChannel, seedToken, seedUser, setRelayOption, waitFor } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const MODEL = 'gpt-4.1-nano';

describe.skipIf(databaseUnavailable())('quota warnings after settlement', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let upstream: MockUpstream;
  let smtp: MailCatcher;
  let hooks: WebhookReceiver;
  let settledSpy: MockInstance<Notifier['settled']>;

  beforeAll(async () => {
    upstream = await new MockUpstream().start();
    upstream.reply('/v1/chat/completions', { json: chatAnswer(MODEL, 10, 10) });
    smtp = await startMailCatcher();
    hooks = await startWebhookReceiver();
    t = await startTestServer({ NOTIFY_WEBHOOK_CA_FILE: hooks.caFile });
    root = await signInAsRoot(t.url);
    settledSpy = vi.spyOn(t.server.app.notifier, 'settled');
    // The receiver is on loopback: root lets calls to user-given addresses reach 127.0.0.1.
    await setRelayOption(root, 'OutboundAllowList', '127.0.0.1');
    for (const [key, value] of Object.entries(smtpOptionsFor(smtp))) await setRelayOption(root, key, value);
    await seedChannel(t, { baseUrl: upstream.url, models: [MODEL] });
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.stop();
    await smtp?.close();
    await hooks?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function userWith(quota: number, setting: Record<string, unknown>, email = '') {
    const id = await seedUser(t, quota);
    await t.server.store.db
      .updateTable('users')
      .set({ setting: JSON.stringify(setting), email })
      .where('id', '=', id)
      .execute();
    const { key } = await seedToken(t, { userId: id });
    return { id, key };
  }

  const chat = (key: string) =>
    fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    });

  /** `count` concurrent calls, all answered 200; then waits until each is settled and every notification sent. */
  /**
   * Settlements of `userId` the notifier has been told of. A batch's log rows are visible to other
   * connections as soon as it commits, a moment before the notifier hears of it: waiting for the
   * rows alone let `idle()` run in that moment and miss the warning (seen on MariaDB under load).
   */
  const toldOf = (userId: number) =>
    settledSpy.mock.calls
      .flatMap(([, batch]) => batch)
      .filter((settlement) => settlement.payer.userId === userId && !settlement.refund).length;

  /** `count` concurrent calls, all answered 200; then waits until each is settled and every notification sent. */
  async function concurrentCalls(userId: number, key: string, count: number) {
    const before = toldOf(userId);
    const answers = await Promise.all(Array.from({ length: count }, () => chat(key)));
    expect(answers.map((a) => a.status)).toEqual(Array(count).fill(200));
    await waitFor(
      async () => toldOf(userId),
      (n) => n === before + count,
      'settlements told to the notifier',
    );
    await t.server.app.notifier.idle();
  }

  const hooksTo = (path: string) => hooks.received.filter((hook) => hook.path === path);

  it('posts one webhook warning per 2 hours, with the Bearer secret and new-api body, under concurrent settlements', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { id, key } = await userWith(100_000, {
      notify_type: 'webhook',
      webhook_url: `${hooks.url}/hook-a`,
      webhook_secret: 'hook-secret',
      quota_warning_threshold: 5_000_000,
    });
    await concurrentCalls(id, key, 12);
    await concurrentCalls(id, key, 6);
    expect(hooksTo('/hook-a')).toHaveLength(1);
    const [hook] = hooksTo('/hook-a');
    expect(hook!.authorization).toBe('Bearer hook-secret');
    expect(hook!.body).toEqual({
      type: 'quota_exceed',
      title: expect.any(String),
      content: expect.stringContaining('{{value}}'),
      values: [expect.any(String), expect.any(String)],
      timestamp: expect.any(Number),
    });
    expect(Math.abs((hook!.body as { timestamp: number }).timestamp - Date.now() / 1000)).toBeLessThan(120);

    vi.setSystemTime(Date.now() + 2 * 3600 * 1000 + 1000);
    await concurrentCalls(id, key, 4);
    expect(hooksTo('/hook-a')).toHaveLength(2);
  });

  it('mails one warning to the notification address with the site threshold, and none above it', async () => {
    await setRelayOption(root, 'QuotaRemindThreshold', '400000');
    const low = await userWith(
      300_000,
      { notify_type: 'email', notification_email: 'alerts@example.com' },
      'own@example.com',
    );
    const high = await userWith(10_000_000, { notify_type: 'email' }, 'rich@example.com');
    await Promise.all([concurrentCalls(low.id, low.key, 10), concurrentCalls(high.id, high.key, 5)]);
    expect(smtp.to('alerts@example.com')).toHaveLength(1);
    expect(smtp.to('alerts@example.com')[0]!.subject).toMatch(/Your quota is running low/);
    expect(smtp.to('alerts@example.com')[0]!.text).toMatch(/Your remaining quota is \S+/);
    expect(smtp.to('own@example.com')).toHaveLength(0);
    expect(smtp.to('rich@example.com')).toHaveLength(0);
  });

  it('retries a failing webhook with backoff until it takes the warning, and the call never fails', async () => {
    hooks.answers = [500, 502, 200];
    const { id, key } = await userWith(100_000, {
      notify_type: 'webhook',
      webhook_url: `${hooks.url}/hook-flaky`,
      quota_warning_threshold: 5_000_000,
    });
    const started = performance.now();
    const answer = await chat(key);
    expect(answer.status).toBe(200);
    // The answer did not wait for the webhook's retries.
    expect(hooksTo('/hook-flaky').length).toBeLessThan(3);
    await waitFor(
      async () => toldOf(id),
      (n) => n === 1,
      'the settlement told to the notifier',
    );
    await t.server.app.notifier.idle();
    expect(hooksTo('/hook-flaky')).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThan(1000);
    hooks.answers = [200];
  });

  it('never posts to a loopback address root has not allowed', async () => {
    await setRelayOption(root, 'OutboundAllowList', '');
    try {
      const { id, key } = await userWith(100_000, {
        notify_type: 'webhook',
        webhook_url: `${hooks.url}/hook-guarded`,
        quota_warning_threshold: 5_000_000,
      });
      await concurrentCalls(id, key, 1);
      expect(hooksTo('/hook-guarded')).toHaveLength(0);
    } finally {
      await setRelayOption(root, 'OutboundAllowList', '127.0.0.1');
    }
  });
});
