import type { Json } from '../../formats/types.ts';

/** The value as a JSON object, or undefined when it is anything else (null, an array, a scalar). */
export const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** The value as an array; anything else reads as empty. */
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The value as a string; anything else reads as ''. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A count of tokens: a finite positive number, else 0. */
export const asCount = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
