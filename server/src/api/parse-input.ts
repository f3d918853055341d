import type { z } from 'zod';
import { msg } from '../i18n/text.ts';
import { issueText } from '../i18n/zod-issue.ts';
import { ApiError } from './errors.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * new-api's classic console sends optional fields it has no value for as `null` (an invite code
 * never given, a number input left empty, a field echoed back as the server sent it). Go reads
 * such a null as "not set"; so do we: a top-level null is dropped before validation, on every
 * body and query, so no schema has to spell it out field by field.
 */
export function withoutNulls(input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
}

/** Validates a body or query with zod; nulls count as absent; the first problem becomes the caller's message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // The input is reported so that zod's own Chinese texts can say what was received.
  const result = schema.safeParse(withoutNulls(input ?? {}), { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new ApiError(
    msg('param.invalid', { field, detail: issue ? issueText(issue) : msg('param.badInput') }),
  );
}

/** A route id such as /api/user/:id, as a positive integer. */
export function parseId(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  throw new ApiError(msg('param.idPositive'));
}
