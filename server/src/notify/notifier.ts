import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { OptionsCache } from '../cache/options-cache.ts';
import { oncePerWindow, type OncePerWindow } from '../cache/once-per-window.ts';
import type { RedisConnection } from '../cache/redis-connection.ts';
import { logAmount } from '../i18n/log-amount.ts';
import { msg } from '../i18n/text.ts';
import { composeBilingualMail } from '../mail/compose.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { cachedAllowList, type AllowList } from '../net/allow-list.ts';
import { OUTBOUND_REFUSED, outboundAgent } from '../net/outbound-guard.ts';
import { siteQuotaDisplay } from '../options/quota-display.ts';
import type { Store } from '../store/db.ts';
import type { BatchResult, Settlement } from '../store/settle-batch.ts';
import { findUserById, nowSeconds, rootEmail } from '../store/users.ts';
import {
  parseUserSetting,
  QUOTA_WARNING_WINDOW_SECONDS,
  quotaWarningMail,
  quotaWarningWebhook,
  warningRoute,
  warningThreshold,
} from './quota-warning.ts';
import { DELIVERY_BACKOFF_MS, withRetries } from './retry.ts';
import { postWebhook, WebhookRefusedError, type WebhookBody } from './webhook.ts';

export interface NotifierDeps {
  store: Store;
  settings: OptionsCache;
  mailer: Mailer;
  redis: RedisConnection | undefined;
  log: { warn(obj: object, message: string): void; error(obj: object, message: string): void };
  /** A PEM file of extra certificate authorities trusted for webhooks (tests). */
  webhookCaFile?: string;
  /** Pauses between delivery attempts (tests shorten them). */
  backoffMs?: readonly number[];
}

/** The guard's refusal, however undici wrapped it. */
const isOutboundRefused = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === OUTBOUND_REFUSED ||
  (error as { cause?: { code?: unknown } } | null)?.cause?.code === OUTBOUND_REFUSED;

/** How long shutdown waits for notifications still being delivered. */
const CLOSE_GRACE_MS = 5_000;

/** How long a user's threshold is trusted before it is read again. */
const THRESHOLD_CACHE_MS = 60_000;

/**
 * Notifications, always off the request path: quota warnings after settlement batches commit
 * (by mail or webhook, at most once per user per two hours across nodes), and mails to root when
 * a channel is disabled or enabled again automatically. A delivery is retried with backoff and
 * its failure logged; nothing here ever throws into a caller.
 */
export class Notifier {
  private readonly deps: NotifierDeps;
  private readonly warned: OncePerWindow;
  private readonly webhookCa: string[] | undefined;
  private readonly allowList: () => AllowList;
  private readonly thresholds = new Map<number, { threshold: number; until: number }>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(deps: NotifierDeps) {
    this.deps = deps;
    this.warned = oncePerWindow('quota-warning', deps.redis);
    const ca = deps.webhookCaFile
      ? [...rootCertificates, readFileSync(deps.webhookCaFile, 'utf8')]
      : undefined;
    this.webhookCa = ca;
    this.allowList = cachedAllowList(() => deps.settings.get('OutboundAllowList'));
  }

  /** Told of every committed settlement batch: users it charged below their threshold get warned. */
  settled(result: BatchResult, batch: Settlement[]): void {
    const balances = new Map<number, number>();
    batch.forEach((settlement, i) => {
      if (!result.applied[i] || settlement.refund || !((result.charged[i] ?? 0) > 0)) return;
      const balance = result.balances.users.get(settlement.payer.userId);
      if (balance !== undefined) balances.set(settlement.payer.userId, balance);
    });
    for (const [userId, balance] of balances) {
      const known = this.thresholds.get(userId);
      if (known && known.until > Date.now() && balance >= known.threshold) continue;
      this.track(this.warnIfLow(userId, balance), 'quota warning failed');
    }
  }

  /** Mails root that a channel was disabled (with the reason) or enabled again automatically. */
  channelStatusChanged(channel: { id: number; name: string }, enabled: boolean, reason = ''): void {
    const params = { id: channel.id, name: channel.name };
    this.track(
      (async () => {
        const to = await this.rootEmail();
        if (!to || !this.deps.mailer.configured()) return;
        const mail = enabled
          ? composeBilingualMail(
              to,
              msg('notify.channelEnabledSubject', params),
              msg('notify.channelEnabledBody', params),
            )
          : composeBilingualMail(
              to,
              msg('notify.channelDisabledSubject', params),
              msg('notify.channelDisabledBody', { ...params, reason }),
            );
        await this.deliverMail(mail);
      })(),
      'channel status mail failed',
    );
  }

  /** Forgets what this process knows of a user's threshold (their settings changed). */
  forgetUser(userId: number): void {
    this.thresholds.delete(userId);
  }

  /** Resolves once every notification started so far is delivered or given up (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** At shutdown: waits a little for deliveries under way; later retries are given up (and logged). */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
    });
    await Promise.race([this.idle(), grace]);
    clearTimeout(timer);
  }

  private async warnIfLow(userId: number, balance: number): Promise<void> {
    // Told inside the batch's commit (on SQLite while it still holds the connection): start after it.
    await new Promise((resolve) => setImmediate(resolve));
    const { store, settings } = this.deps;
    const user = await findUserById(store.db, userId);
    if (!user) return;
    const setting = parseUserSetting(user.setting);
    const threshold = warningThreshold(setting, settings.number('QuotaRemindThreshold'));
    this.thresholds.set(userId, { threshold, until: Date.now() + THRESHOLD_CACHE_MS });
    if (balance >= threshold) return;
    const route = warningRoute(setting, user.email ?? '');
    if (route.kind === 'none') return;
    if (route.kind === 'email' && !this.deps.mailer.configured()) return;
    if (!(await this.warned.claim(String(userId), QUOTA_WARNING_WINDOW_SECONDS))) return;
    const amount = logAmount(siteQuotaDisplay(settings), balance);
    if (route.kind === 'webhook') {
      await this.deliverWebhook(route.url, route.secret, quotaWarningWebhook(amount, nowSeconds()));
    } else {
      await this.deliverMail(quotaWarningMail(route.to, amount));
    }
  }

  private deliverMail(mail: Mail): Promise<void> {
    return this.retried(() => this.deps.mailer.send(mail), { to: mail.to, subject: mail.subject });
  }

  /**
   * Each attempt on a fresh guarded connection (warnings are rare): the guard checks the address
   * every time, so a changed OutboundAllowList or DNS answer applies at once.
   */
  private deliverWebhook(url: string, secret: string, body: WebhookBody): Promise<void> {
    const attempt = async () => {
      const agent = outboundAgent({
        trusted: false,
        allowList: this.allowList,
        connectTls: this.webhookCa ? { ca: this.webhookCa } : undefined,
        connections: 1,
      });
      try {
        await postWebhook(agent, url, secret, body);
      } finally {
        await agent.destroy();
      }
    };
    return this.retried(attempt, { webhook: url, type: body.type });
  }

  private retried(attempt: () => Promise<void>, what: object): Promise<void> {
    return withRetries(
      attempt,
      this.deps.backoffMs ?? DELIVERY_BACKOFF_MS,
      (error, attemptNumber) =>
        this.deps.log.warn({ err: error, attempt: attemptNumber, ...what }, 'notification delivery failed'),
      (error) => error instanceof WebhookRefusedError || isOutboundRefused(error),
    );
  }

  private async rootEmail(): Promise<string> {
    return rootEmail(this.deps.store.db);
  }

  private track(work: Promise<void>, failure: string): void {
    const tracked = work.catch((error: unknown) => this.deps.log.error({ err: error }, failure));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }
}
