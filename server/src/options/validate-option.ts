import { isOptionKey, type OptionKey } from '@relaygate/contract';
import { msg, type Text } from '../i18n/text.ts';
import { issueText } from '../i18n/zod-issue.ts';
import { OPTION_DEFINITIONS, type OptionDefinition } from './registry.ts';

export type OptionValidation = { ok: true; key: OptionKey; value: string } | { ok: false; message: Text };

const refused = (message: Text): OptionValidation => ({ ok: false, message });

/**
 * Turns what the console sent for one option into its stored string, or explains why not.
 * The console sends strings; scripts may send JSON booleans, numbers or objects, all accepted.
 * A name that is not in the registry is refused here, at the edge, as an unknown option.
 */
export function validateOptionValue(key: string, raw: unknown): OptionValidation {
  if (!isOptionKey(key)) return refused(msg('option.unknown', { key }));
  const definition: OptionDefinition = OPTION_DEFINITIONS[key];
  // new-api's console sends a field left empty as `{key}` with no value; new-api saves "" (so do we).
  if (raw === null || raw === undefined) raw = '';

  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (typeof raw === 'number' || typeof raw === 'boolean') text = String(raw);
  else if (definition.kind === 'json' && typeof raw === 'object') text = JSON.stringify(raw, null, 2);
  else return refused(msg('option.notString', { key }));

  switch (definition.kind) {
    case 'bool':
      if (text !== 'true' && text !== 'false') return refused(msg('option.notBool', { key }));
      break;
    case 'int':
    case 'float': {
      const trimmed = text.trim();
      const number = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(number)) return refused(msg('option.notNumber', { key }));
      if (definition.kind === 'int' && !Number.isInteger(number))
        return refused(msg('option.notWhole', { key }));
      // Beyond 2^53 the number is no longer exact, and it would not fit the bigint quota columns.
      if (definition.kind === 'int' && !Number.isSafeInteger(number)) {
        return refused(msg('option.tooLarge', { key }));
      }
      if (definition.min !== undefined && number < definition.min) {
        return refused(msg('option.atLeast', { key, min: definition.min }));
      }
      if (definition.max !== undefined && number > definition.max) {
        return refused(msg('option.atMost', { key, max: definition.max }));
      }
      text = String(number);
      break;
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return refused(msg('option.notJson', { key }));
      }
      const result = definition.schema?.safeParse(parsed, { reportInput: true });
      if (result && !result.success) {
        const issue = result.error.issues[0];
        const where = issue && issue.path.length > 0 ? msg('option.at', { path: issue.path.join('.') }) : '';
        return refused(msg('option.wrongShape', { key, where, detail: issue ? issueText(issue) : '' }));
      }
      break;
    }
    case 'string':
      if (text.length > 1_000_000) return refused(msg('option.tooLong', { key }));
      break;
  }

  if (definition.normalize) text = definition.normalize(text);
  const problem = definition.check?.(text);
  if (problem) return refused(msg('option.refused', { key, problem }));
  return { ok: true, key, value: text };
}
