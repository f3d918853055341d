/** The options the limits read (the options cache provides them). */
export interface LimitSettings {
  get(key: string): string;
  bool(key: string): boolean;
  number(key: string): number;
  json<T>(key: string): T;
}

export interface ModelRateLimit {
  durationMinutes: number;
  /** Requests in all, failed ones included; 0: unlimited. */
  total: number;
  /** Successful requests. */
  success: number;
}

/**
 * new-api's model request rate limit for a user of `group`: the group's override from
 * ModelRequestRateLimitGroup (`{"group": [total, success]}`) or the global counts; null when off.
 */
export function modelRateLimit(settings: LimitSettings, group: string): ModelRateLimit | null {
  if (!settings.bool('ModelRequestRateLimitEnabled')) return null;
  const durationMinutes = settings.number('ModelRequestRateLimitDurationMinutes');
  if (durationMinutes <= 0) return null;
  const overrides = settings.json<Record<string, [number, number]>>('ModelRequestRateLimitGroup') ?? {};
  const [total, success] = Object.hasOwn(overrides, group)
    ? overrides[group]!
    : [settings.number('ModelRequestRateLimitCount'), settings.number('ModelRequestRateLimitSuccessCount')];
  if (success <= 0 && total <= 0) return null;
  return { durationMinutes, total, success };
}
