import type { AddressLimitSettings } from '../config.ts';
import type { LimitStores } from './stores.ts';
import type { LimitStore } from './store.ts';
import { fixedWindow, secondsUntil } from './windows.ts';

/**
 * Payment and redemption calls: new-api's critical limit. Not their providers' notify callbacks, and
 * not the price quotes (/amount), which change nothing: a user who mistyped a few codes still sees
 * what a top-up costs.
 */
const CRITICAL_PATHS = new Set(['/api/user/topup', '/api/user/pay', '/api/user/stripe/pay']);

/** Whether a call falls under the critical limit as well as the API one. */
export const isCritical = (method: string, url: string): boolean =>
  method === 'POST' && CRITICAL_PATHS.has(url.split('?')[0]!.replace(/\/+$/, ''));

/**
 * Which address limit a path falls under; the relay (/v1, /v1beta, …) has its own limits. The
 * console's hashed assets are not counted: a browser fetches each once per build (they are cached
 * for a year), and one cold load of a few screens asks for dozens, which would spend a visitor's
 * page budget before they saw a page.
 */
export function addressLimitKind(url: string): 'api' | 'web' | null {
  if (url.startsWith('/api/') || url.startsWith('/dashboard/')) return 'api';
  if (/^\/(v1|v1beta|pg|mj|suno|kling|jimeng)(\/|$|\?)/.test(url)) return null;
  if (url.startsWith('/assets/')) return null;
  // Probes and scrapes come every few seconds from the same address, for as long as the node runs.
  if (/^\/(healthz|readyz|metrics)(\?|$)/.test(url)) return null;
  return 'web';
}

/**
 * new-api's global per-address limits, counted where every other limit is (see stores.ts):
 * `check` answers the seconds to wait when the address is over its limit, else 0.
 */
export class AddressLimits {
  private readonly stores: LimitStores;
  private readonly settings: AddressLimitSettings;
  clock: () => number = Date.now;

  constructor(stores: LimitStores, settings: AddressLimitSettings) {
    this.stores = stores;
    this.settings = settings;
  }

  /**
   * Seconds to wait when the address is over a limit that applies to this call, else 0: at once
   * for a call no limit counts (every relay call), once counted otherwise.
   */
  check(method: string, url: string, address: string): number | Promise<number> {
    const kind = addressLimitKind(url);
    const critical = isCritical(method, url);
    if (!kind && !critical) return 0;
    return this.counted(kind, critical, address);
  }

  private async counted(kind: 'api' | 'web' | null, critical: boolean, address: string): Promise<number> {
    const wait = kind ? await this.count(kind, address) : 0;
    if (wait > 0 || !critical) return wait;
    return this.count('critical', address);
  }

  private async count(kind: keyof AddressLimitSettings, address: string): Promise<number> {
    const setting = this.settings[kind];
    if (!setting) return 0;
    const now = this.clock();
    const window = fixedWindow(now, setting.windowSeconds * 1000);
    const charge = {
      key: `ip:${kind}:${address}:${window.id}`,
      amount: 1,
      limit: setting.limit,
      endsAt: window.endsAt,
    };
    let store: LimitStore = this.stores.pick();
    for (;;) {
      try {
        const result = await store.charge([charge], now);
        return result.ok ? 0 : secondsUntil(window.endsAt, now);
      } catch (error) {
        store = this.stores.failed(store, error);
      }
    }
  }
}
