import { invalidRequest } from '../call/relay-error.ts';

/**
 * Checks shared by the client formats' request readers: a field the gateway reads must have the
 * type it reads it as, or the call is refused with a 400 naming the field (null counts as absent,
 * as the SDKs send it for "not given").
 */

/** A stream flag: true, false or absent. */
export function streamFlag(value: unknown, name = 'stream'): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalidRequest(`${name} must be true or false`);
  return value;
}

/** A token count (max_tokens and the like): a whole number ≥ 0, or 0 when absent. */
export function tokenCount(value: unknown, name: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalidRequest(`${name} must be a whole number of tokens, 0 or more`);
  return value;
}

/** A model name: a non-empty string (trimmed), else the 400 with the format's own wording. */
export function modelName(value: unknown, missing: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidRequest(missing);
  return value.trim();
}

/** An optional JSON object (generationConfig, thinking…): the object, or undefined when absent. */
export function optionalObject(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`${name} must be an object`);
  return value as Record<string, unknown>;
}
