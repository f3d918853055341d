import { OPTION_DEFINITIONS } from './registry.ts';

export type OptionValidation = { ok: true; value: string } | { ok: false; message: string };

/**
 * Turns what the console sent for one option into its stored string, or explains why not.
 * The console sends strings; scripts may send JSON booleans, numbers or objects, all accepted.
 */
export function validateOptionValue(key: string, raw: unknown): OptionValidation {
  const definition = OPTION_DEFINITIONS[key];
  if (!definition) return { ok: false, message: `unknown option: ${key}` };
  if (raw === null || raw === undefined) return { ok: false, message: `option ${key} needs a value` };

  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (typeof raw === 'number' || typeof raw === 'boolean') text = String(raw);
  else if (definition.kind === 'json' && typeof raw === 'object') text = JSON.stringify(raw, null, 2);
  else return { ok: false, message: `option ${key} must be a string` };

  switch (definition.kind) {
    case 'bool':
      if (text !== 'true' && text !== 'false')
        return { ok: false, message: `option ${key} must be true or false` };
      break;
    case 'int':
    case 'float': {
      const trimmed = text.trim();
      const number = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(number)) {
        return { ok: false, message: `option ${key} must be a number` };
      }
      if (definition.kind === 'int' && !Number.isInteger(number)) {
        return { ok: false, message: `option ${key} must be a whole number` };
      }
      // Beyond 2^53 the number is no longer exact, and it would not fit the bigint quota columns.
      if (definition.kind === 'int' && !Number.isSafeInteger(number)) {
        return { ok: false, message: `option ${key} is too large` };
      }
      if (definition.min !== undefined && number < definition.min) {
        return { ok: false, message: `option ${key} must be at least ${definition.min}` };
      }
      if (definition.max !== undefined && number > definition.max) {
        return { ok: false, message: `option ${key} must be at most ${definition.max}` };
      }
      text = String(number);
      break;
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { ok: false, message: `option ${key} is not a valid JSON string` };
      }
      const result = definition.schema?.safeParse(parsed);
      if (result && !result.success) {
        const issue = result.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
        return { ok: false, message: `option ${key} has the wrong shape${where}: ${issue?.message ?? ''}` };
      }
      break;
    }
    case 'string':
      if (text.length > 1_000_000) return { ok: false, message: `option ${key} is too long` };
      break;
  }

  if (definition.normalize) text = definition.normalize(text);
  const problem = definition.check?.(text);
  if (problem) return { ok: false, message: `option ${key} ${problem}` };
  return { ok: true, value: text };
}
