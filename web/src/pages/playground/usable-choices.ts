import { DEFAULT_MODEL } from './chat-request.ts';

/** The group to use: the kept one while the user may still use it, else the user's own, else the first. */
export function usableGroup(current: string, groups: readonly string[], own: string | undefined): string {
  if (groups.includes(current)) return current;
  if (own && groups.includes(own)) return own;
  return groups[0] ?? '';
}

/**
 * The model to open on: the last one used while the user's groups still offer it, else the
 * default model if offered, else the first offered; the kept one when nothing is offered (the
 * panel then says so).
 */
export function usableModel(current: string, models: readonly string[]): string {
  if (models.length === 0 || models.includes(current)) return current;
  return models.includes(DEFAULT_MODEL) ? DEFAULT_MODEL : models[0]!;
}
