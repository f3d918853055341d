import { ChannelStatus } from '@relaygate/contract';
import type { Selectable } from 'kysely';
import type { Store } from '../store/db.ts';
import { splitList } from '../store/list-column.ts';
import { everyChannel } from '../store/channels.ts';
import type { ChannelsTable } from '../store/schema.ts';
import { localBus, type ChangeBus } from './change-bus.ts';

export type ChannelRow = Selectable<ChannelsTable>;

/** A channel as routing needs it, with its comma lists and JSON already parsed. */
export interface RoutableChannel {
  row: ChannelRow;
  id: number;
  type: number;
  priority: number;
  weight: number;
  groups: string[];
  models: string[];
  modelMapping: Record<string, string>;
  statusCodeMapping: Record<string, string>;
  /** The site's routing settings this channel overrides (its `setting` JSON), read once per reload. */
  routing: ChannelRoutingOverrides;
}

/** Per-channel overrides of the breaker and first-byte settings; absent: the site's value. */
export interface ChannelRoutingOverrides {
  circuit_breaker_failures?: number;
  circuit_breaker_window_seconds?: number;
  circuit_breaker_cooldown_seconds?: number;
  stream_first_byte_timeout_seconds?: number;
  first_byte_timeout_seconds?: number;
}

const ROUTING_OVERRIDE_KEYS = [
  'circuit_breaker_failures',
  'circuit_breaker_window_seconds',
  'circuit_breaker_cooldown_seconds',
  'stream_first_byte_timeout_seconds',
  'first_byte_timeout_seconds',
] as const;

/** The routing overrides in a channel's `setting` JSON: non-negative integers only, the rest ignored. */
export function readRoutingOverrides(setting: string | null): ChannelRoutingOverrides {
  if (!setting || !/circuit_breaker_|first_byte_/.test(setting)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(setting);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const overrides: ChannelRoutingOverrides = {};
  for (const key of ROUTING_OVERRIDE_KEYS) {
    const value = (parsed as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) overrides[key] = value;
  }
  return overrides;
}

function parseStringMap(text: string | null): Record<string, string> {
  if (!text || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}

export function toRoutable(row: ChannelRow): RoutableChannel {
  return {
    row,
    id: row.id,
    type: row.type,
    priority: Number(row.priority),
    weight: Math.max(0, Number(row.weight)),
    groups: splitList(row.group),
    models: splitList(row.models),
    modelMapping: parseStringMap(row.model_mapping),
    statusCodeMapping: parseStringMap(row.status_code_mapping),
    routing: readRoutingOverrides(row.setting),
  };
}

/**
 * group → model → enabled channels, highest priority first, rebuilt from the channels table on
 * every channel write in any process or node (the change bus) and every SYNC_FREQUENCY seconds. Lookups never touch the
 * database. A rebuild builds new maps and swaps them in, so a lookup never sees half an index.
 */
export class ChannelIndex {
  private byGroup = new Map<string, Map<string, RoutableChannel[]>>();
  private byId = new Map<number, RoutableChannel>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private readonly store: Store;
  private readonly bus: ChangeBus;

  constructor(store: Store, bus: ChangeBus = localBus) {
    this.store = store;
    this.bus = bus;
  }

  /** Reloads from the database after a channel write, and tells the other processes to do the same. */
  async rebuild(): Promise<void> {
    await this.reload();
    this.bus.publish({ kind: 'channels' });
  }

  /**
   * Reloads from the database (periodic sync, or another process's change). Calls that arrive
   * while a reload runs share one more reload after it, so a burst of changes (or of failures on
   * a channel another node disabled) costs two reads, and every caller sees its change.
   */
  reload(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running
        .catch(() => {})
        .then(() => {
          this.queued = undefined;
          return this.reload();
        });
      return this.queued;
    }
    this.running = this.load().finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * The reload under way, if any (a change announced a moment ago): a lookup that found nothing
   * waits for it rather than refuse a channel saved through another worker or node just before.
   */
  pendingReload(): Promise<void> | undefined {
    return this.queued ?? this.running;
  }

  private async load(): Promise<void> {
    const rows = await everyChannel(this.store.db);
    const byGroup = new Map<string, Map<string, RoutableChannel[]>>();
    const byId = new Map<number, RoutableChannel>();
    for (const row of rows) {
      const channel = toRoutable(row);
      byId.set(channel.id, channel);
      if (row.status !== ChannelStatus.Enabled) continue;
      for (const group of channel.groups) {
        let models = byGroup.get(group);
        if (!models) byGroup.set(group, (models = new Map()));
        for (const model of channel.models) {
          let list = models.get(model);
          if (!list) models.set(model, (list = []));
          list.push(channel);
        }
      }
    }
    for (const models of byGroup.values()) {
      for (const list of models.values()) list.sort((a, b) => b.priority - a.priority || a.id - b.id);
    }
    this.byGroup = byGroup;
    this.byId = byId;
  }

  startSync(intervalSeconds: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => this.reload().catch(onError), intervalSeconds * 1000);
    this.timer.unref();
  }

  stopSync(): void {
    clearInterval(this.timer);
  }

  /** Enabled channels serving this group and model, highest priority first. */
  candidates(group: string, model: string): RoutableChannel[] {
    return this.byGroup.get(group)?.get(model) ?? [];
  }

  /** Any channel, enabled or not. */
  /** How many channels have each status (ChannelStatus), as of the last load. */
  countByStatus(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const channel of this.byId.values())
      counts.set(channel.row.status, (counts.get(channel.row.status) ?? 0) + 1);
    return counts;
  }

  get(id: number): RoutableChannel | undefined {
    return this.byId.get(id);
  }

  /** Model names enabled channels serve to any of these groups, sorted. */
  models(groups: string[]): string[] {
    const names = new Set<string>();
    for (const group of groups) for (const model of this.byGroup.get(group)?.keys() ?? []) names.add(model);
    return [...names].sort();
  }

  /** Every model enabled channels serve, with the groups that serve it, sorted by model. */
  servingGroups(): Map<string, string[]> {
    const groupsOf = new Map<string, string[]>();
    for (const [group, models] of this.byGroup) {
      for (const model of models.keys()) {
        const groups = groupsOf.get(model);
        if (groups) groups.push(group);
        else groupsOf.set(model, [group]);
      }
    }
    return new Map([...groupsOf].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
