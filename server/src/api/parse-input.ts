import type { z } from 'zod';
import { ApiError } from './errors.ts';

/** Validates a body or query with zod; the first problem becomes the caller's message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new ApiError(`invalid parameter: ${field}${issue?.message ?? 'bad input'}`);
}

/** A route id such as /api/user/:id, as a positive integer. */
export function parseId(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  throw new ApiError('invalid parameter: id must be a positive integer');
}
