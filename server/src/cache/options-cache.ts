import {
  isOptionKey,
  isSecretOption,
  OPTION_KEYS,
  type OptionItem,
  type OptionKey,
} from '@relaygate/contract';
import { OPTION_DEFINITIONS } from '../options/registry.ts';
import type { Store } from '../store/db.ts';
import { readAllOptions, writeOption } from '../store/options.ts';
import { localBus, type ChangeBus } from './change-bus.ts';

/**
 * Every option in memory: defaults overlaid by the database. Reads never touch the database;
 * writes go to the database first, then here. Other processes pick a write up at their next
 * reload (every SYNC_FREQUENCY seconds), or at once when a change notification reaches them.
 */
export class OptionsCache {
  private values = new Map<string, string>();
  private parsed = new Map<string, unknown>();
  private listeners = new Set<(key: OptionKey) => void>();
  private timer: NodeJS.Timeout | undefined;
  private readonly store: Store;
  private readonly bus: ChangeBus;

  /** `defaults` replace the registry's defaults of a few options (set from the environment). */
  constructor(store: Store, bus: ChangeBus = localBus, defaults: Partial<Record<OptionKey, string>> = {}) {
    this.store = store;
    this.bus = bus;
    for (const key of OPTION_KEYS) this.values.set(key, defaults[key] ?? OPTION_DEFINITIONS[key].default);
  }

  async reload(): Promise<void> {
    const rows = await readAllOptions(this.store);
    for (const { key, value } of rows) {
      if (value === null || this.values.get(key) === value) continue;
      this.values.set(key, value);
      this.parsed.delete(key);
      // A row no registered option owns (imported from elsewhere) is kept, and concerns no reader.
      if (isOptionKey(key)) this.emit(key);
    }
  }

  /**
   * Reloads from the database before answering, for the few readers that must see a write made a
   * moment ago through another worker or node (root's option page and its checks), whose change
   * notification may still be on its way.
   */
  async fresh(): Promise<this> {
    await this.reload();
    return this;
  }

  startSync(intervalSeconds: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => this.reload().catch(onError), intervalSeconds * 1000);
    this.timer.unref();
  }

  stopSync(): void {
    clearInterval(this.timer);
  }

  async set(key: OptionKey, value: string): Promise<void> {
    await writeOption(this.store, key, value);
    this.values.set(key, value);
    this.parsed.delete(key);
    this.emit(key);
    this.bus.publish({ kind: 'option', key });
  }

  /** Called with the key of every option that changes, so derived caches can rebuild. */
  onChange(listener: (key: OptionKey) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(key: OptionKey): string {
    return this.values.get(key) ?? OPTION_DEFINITIONS[key].default;
  }

  bool(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  number(key: OptionKey): number {
    const value = Number(this.get(key));
    return Number.isFinite(value) ? value : Number(OPTION_DEFINITIONS[key].default);
  }

  /** The parsed JSON value, memoised until the option changes; the default if the stored text is broken. */
  json<T>(key: OptionKey): T {
    if (this.parsed.has(key)) return this.parsed.get(key) as T;
    let value: unknown;
    try {
      value = JSON.parse(this.get(key));
    } catch {
      value = JSON.parse(OPTION_DEFINITIONS[key].default);
    }
    this.parsed.set(key, value);
    return value as T;
  }

  /** What GET /api/option/ shows root: every registered option but the secrets. */
  listPublic(): OptionItem[] {
    return [...this.values.entries()]
      .filter(([key]) => !isSecretOption(key))
      .map(([key, value]) => ({ key, value }))
      .sort((a, b) => a.key.localeCompare(b.key));
  }

  private emit(key: OptionKey): void {
    for (const listener of this.listeners) listener(key);
  }
}
