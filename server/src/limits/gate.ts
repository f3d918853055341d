import { randomUUID } from 'node:crypto';
import type { HealthLog } from '../cache/redis-connection.ts';
import { ClusterLimitStore } from './cluster-store.ts';
import { render, type Text } from '../i18n/text.ts';
import { modelRateLimit, type LimitSettings } from './model-rate-limit.ts';
import {
  keyBudgetText,
  keyConcurrencyText,
  keyRpmText,
  keyTpmText,
  modelRequestsText,
} from './refusal-text.ts';
import type { LimitStores } from './stores.ts';
import type { NowOrLater } from '../cache/now-or-later.ts';
import type { Adjustment, LeaseRequest, LimitStore, WindowCharge } from './store.ts';
import { budgetWindow, fixedWindow, secondsUntil, type BudgetPeriod, type Window } from './windows.ts';

/** A key's own limits (0: none). */
export interface TokenLimits {
  rpm: number;
  tpm: number;
  concurrency: number;
  periodQuota: number;
  period: BudgetPeriod;
}

export const NO_TOKEN_LIMITS: TokenLimits = { rpm: 0, tpm: 0, concurrency: 0, periodQuota: 0, period: '' };

export interface GateCaller {
  userId: number;
  group: string;
  tokenId: number;
  limits?: TokenLimits;
}

/** A call refused by a limit: HTTP 429 with a Retry-After, in the caller's format. */
export class LimitRefusal extends Error {
  /** The reason, language-neutral (the usage log renders it in the reader's language). */
  readonly text: Text;
  readonly code: string;
  readonly retryAfterSeconds: number;
  /** `message` is the reason in English: what the caller's 429 says. */
  constructor(text: Text, code: string, retryAfterSeconds: number) {
    super(render(text, 'en'));
    this.text = text;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How a call ended, told to its admission once. */
export interface CallOutcome {
  success: boolean;
  /** Quota charged (settled cost); 0 for a failed call. */
  cost: number;
  /** Prompt plus completion tokens used. */
  tokens: number;
}

/** A call let through: `finish` must be called once on every path (idempotent). */
export interface Admission {
  finish(outcome: CallOutcome): void;
}

const MINUTE_MS = 60_000;
/** Concurrency slots are leased for this long and renewed while the call runs. */
export const LEASE_MS = 60_000;
const RENEW_EVERY_MS = 20_000;

/** Work left to do when a call ends. */
interface Open {
  store: LimitStore;
  leases: LeaseRequest[];
  /** Charges to take back if the call fails, and the budget charge to correct on success. */
  successCharge?: WindowCharge;
  budgetCharge?: WindowCharge;
  /** The key whose tokens per minute are counted when the call settles. */
  tpmTokenId?: number;
}

/** What a call is counted in, once a limit counts it. */
interface Counted {
  leases: LeaseRequest[];
  charges: WindowCharge[];
  refusals: Array<() => LimitRefusal>;
  successCharge?: WindowCharge;
  budgetCharge?: WindowCharge;
}

/**
 * The limits of a relay call, checked on the way in (before quota is reserved) and settled when
 * it ends: new-api's model request rate limit per user, and each key's requests and tokens per
 * minute, concurrent calls and periodic budget. All are counted atomically in one store (see
 * stores.ts), so a limit of 10 lets exactly 10 of 100 simultaneous calls through.
 */
export class LimitGate {
  private readonly open = new Set<Open>();
  private renewTimer: NodeJS.Timeout | undefined;

  private readonly settings: LimitSettings;
  readonly stores: LimitStores;
  private readonly log: HealthLog;
  /** Milliseconds since the epoch; tests set their own. */
  clock: () => number;

  constructor(settings: LimitSettings, stores: LimitStores, log: HealthLog, clock: () => number = Date.now) {
    this.settings = settings;
    this.stores = stores;
    this.log = log;
    this.clock = clock;
  }

  /**
   * Counts the call in, or throws a LimitRefusal (rejects, once counting). `estimate` is the quota
   * about to be reserved. A call no limit counts is admitted at once.
   */
  admit(caller: GateCaller, estimate: number): NowOrLater<Admission> {
    const now = this.clock();
    const limits = caller.limits ?? NO_TOKEN_LIMITS;
    const leases: LeaseRequest[] = [];
    if (limits.concurrency > 0) {
      const holder = `${ClusterLimitStore.holderPrefix()}${randomUUID()}`;
      const until = now + LEASE_MS;
      leases.push({ key: `conc:${caller.tokenId}`, limit: limits.concurrency, holder, until });
    }
    const { plan, successCharge, budgetCharge } = this.chargePlan(caller, limits, estimate, now);
    const { tpm } = limits;
    const { charges, refusals } = plan;
    if (leases.length === 0 && charges.length === 0) return FREE;
    return this.countedIn(
      { leases, charges, refusals, successCharge, budgetCharge },
      tpm > 0 ? caller.tokenId : undefined,
      now,
    );
  }

  private async countedIn(
    { leases, charges, refusals, successCharge, budgetCharge }: Counted,
    tpmTokenId: number | undefined,
    now: number,
  ): Promise<Admission> {
    const store = await this.countIn(leases, charges, refusals, now);
    const entry: Open = {
      store,
      leases,
      successCharge,
      budgetCharge,
      tpmTokenId,
    };
    if (leases.length > 0) this.track(entry);
    let finished = false;
    return {
      finish: (outcome) => {
        if (finished) return;
        finished = true;
        this.untrack(entry);
        this.settle(entry, outcome).catch((error: unknown) =>
          this.log.warn(`a rate-limit counter could not be settled: ${String(error)}`),
        );
      },
    };
  }

  /** The windows the call is counted in: the group's model rate, the key's RPM, TPM and budget. */
  private chargePlan(caller: GateCaller, limits: TokenLimits, estimate: number, now: number) {
    const plan = new ChargePlan(now);
    const model = modelRateLimit(this.settings, caller.group);
    let successCharge: WindowCharge | undefined;
    if (model) {
      const window = fixedWindow(now, model.durationMinutes * MINUTE_MS);
      const refusal = {
        text: modelRequestsText(model),
        code: 'model_request_rate_limited',
      };
      if (model.total > 0) plan.add(`mrl:all:${caller.userId}`, window, 1, model.total, refusal);
      successCharge = plan.add(`mrl:ok:${caller.userId}`, window, 1, model.success, refusal);
    }
    const minute = fixedWindow(now, MINUTE_MS);
    const { rpm, tpm, periodQuota, period } = limits;
    if (rpm > 0) {
      plan.add(`rpm:${caller.tokenId}`, minute, 1, rpm, {
        text: keyRpmText(rpm),
        code: 'key_rpm_limited',
      });
    }
    if (tpm > 0) {
      // Only checked here: the tokens are added when the call settles.
      plan.add(`tpm:${caller.tokenId}`, minute, 0, tpm, {
        text: keyTpmText(tpm),
        code: 'key_tpm_limited',
      });
    }
    let budgetCharge: WindowCharge | undefined;
    if (periodQuota > 0 && period !== '') {
      budgetCharge = plan.add(
        `budget:${caller.tokenId}`,
        budgetWindow(now, period),
        Math.max(0, Math.round(estimate)),
        periodQuota,
        {
          text: keyBudgetText(period),
          code: 'key_budget_exhausted',
        },
      );
    }
    return { plan, successCharge, budgetCharge };
  }

  close(): void {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }

  private async countIn(
    leases: LeaseRequest[],
    charges: WindowCharge[],
    refusals: Array<() => LimitRefusal>,
    now: number,
  ): Promise<LimitStore> {
    let store = this.stores.pick();
    for (;;) {
      try {
        const admitted = await store.admit(leases, charges, now);
        if ('full' in admitted)
          throw new LimitRefusal(
            keyConcurrencyText(leases[admitted.full]!.limit),
            'key_concurrency_limited',
            1,
          );
        if ('refused' in admitted) throw refusals[admitted.refused]!();
        return store;
      } catch (error) {
        if (error instanceof LimitRefusal) throw error;
        store = this.stores.failed(store, error);
      }
    }
  }

  private async settle(entry: Open, outcome: CallOutcome): Promise<void> {
    const { store } = entry;
    const now = this.clock();
    const { leases } = entry;
    const release =
      leases.length > 0 ? { keys: leases.map((l) => l.key), holder: leases[0]!.holder } : undefined;
    const adjustments: Adjustment[] = [];
    if (!outcome.success && entry.successCharge) {
      const { key, endsAt } = entry.successCharge;
      adjustments.push({ key, delta: -1, endsAt });
    }
    if (entry.budgetCharge) {
      const { key, endsAt, amount } = entry.budgetCharge;
      adjustments.push({ key, delta: (outcome.success ? outcome.cost : 0) - amount, endsAt });
    }
    if (entry.tpmTokenId !== undefined && outcome.tokens > 0) {
      const minute = fixedWindow(now, MINUTE_MS);
      adjustments.push({
        key: `tpm:${entry.tpmTokenId}:${minute.id}`,
        delta: outcome.tokens,
        endsAt: minute.endsAt,
      });
    }
    await store.finish(release, adjustments, now);
  }

  private track(entry: Open): void {
    this.open.add(entry);
    this.renewTimer ??= setInterval(() => this.renewAll(), RENEW_EVERY_MS).unref();
  }

  private untrack(entry: Open): void {
    this.open.delete(entry);
    if (this.open.size === 0) this.close();
  }

  private renewAll(): void {
    const now = this.clock();
    for (const entry of this.open) {
      for (const lease of entry.leases) lease.until = now + LEASE_MS;
      entry.store.renew(entry.leases, now).catch(() => undefined);
    }
  }
}

const FREE: Admission = { finish() {} };

/** The counters one call is charged to, each with the refusal it answers when full. */
class ChargePlan {
  readonly charges: WindowCharge[] = [];
  readonly refusals: Array<() => LimitRefusal> = [];
  private readonly now: number;

  constructor(now: number) {
    this.now = now;
  }

  add(
    name: string,
    window: Window,
    amount: number,
    limit: number,
    refusal: { text: Text; code: string },
  ): WindowCharge {
    const charge = { key: `${name}:${window.id}`, amount, limit, endsAt: window.endsAt };
    this.charges.push(charge);
    const retryAfter = secondsUntil(window.endsAt, this.now);
    this.refusals.push(() => new LimitRefusal(refusal.text, refusal.code, retryAfter));
    return charge;
  }
}
