import type { OptionItem, OptionKey } from '@relaygate/contract';
import { groupLimitProblems, groupLimitsJson, parseGroupLimits, type GroupLimitRow } from './group-limits.ts';

/** How one option is edited in a settings section. */
export type FieldKind =
  | 'bool'
  | 'int'
  | 'float'
  | 'text'
  | 'textarea'
  | 'json'
  | 'secret'
  | 'select'
  /** ModelRequestRateLimitGroup, edited as rows (see group-limits.ts). */
  | 'groupLimits';

export interface FieldSpec<K extends OptionKey = OptionKey> {
  /** The option key, as contract's OPTION_REGISTRY names it (its entry's section is this field's card). */
  key: K;
  kind: FieldKind;
  /** i18n key (under `setting.`) of the label. */
  label: string;
  /** i18n key (under `setting.`) of a hint shown under the input. */
  help?: string;
  min?: number;
  max?: number;
  step?: number;
  /** For `select`: the stored values and the i18n keys of their labels. */
  choices?: { value: string; label: string }[];
  /** Addresses: trailing slashes are stripped before sending. */
  stripSlash?: boolean;
  /** For `bool`: turning the switch off asks this question (i18n key) first. */
  confirmOff?: string;
  /** For `json`: i18n key of the message for text that does not parse (default common.invalidJson). */
  jsonMessage?: string;
  /** For `textarea` / `json`: rows shown. */
  rows?: number;
  /** For `int`: the value is an amount of quota; its dollar worth is shown beside it. */
  quota?: boolean;
  /** Takes a whole row of the section's grid. */
  wide?: boolean;
}

/** What GET /api/option/ lists, by registered option; a secret (never listed) is absent. */
export type OptionMap = Partial<Record<OptionKey, string>>;
export type FormValue = string | number | boolean | GroupLimitRow[] | null | undefined;
export type FormValues = Record<string, FormValue>;

export interface OptionChange {
  key: OptionKey;
  value: string;
}

export type FieldProblem = 'required' | 'invalidJson' | 'notNumber' | 'tooSmall' | 'tooLarge' | 'badRows';

export function optionMap(items: OptionItem[]): OptionMap {
  return Object.fromEntries(items.map(({ key, value }) => [key, value]));
}

/** The text that a JSON option is saved as: parsed, then printed with a 2-space indent. */
export function prettyJson(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

export function isValidJson(text: string): boolean {
  return prettyJson(text) !== undefined;
}

/** Same JSON content, ignoring layout and the order of object keys. */
export function sameJson(a: string, b: string): boolean {
  const canonical = (text: string): string | undefined => {
    try {
      return JSON.stringify(sortKeys(JSON.parse(text)));
    } catch {
      return undefined;
    }
  };
  const left = canonical(a);
  return left !== undefined ? left === canonical(b) : a === b;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function stripTrailingSlash(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/** What the section's form starts with. Secrets are never listed by the server, so they start empty. */
export function toFormValues(fields: FieldSpec[], options: OptionMap): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = options[field.key];
    switch (field.kind) {
      case 'bool':
        values[field.key] = stored === 'true';
        break;
      case 'int':
      case 'float': {
        const number = stored === undefined || stored.trim() === '' ? NaN : Number(stored);
        values[field.key] = Number.isFinite(number) ? number : null;
        break;
      }
      case 'secret':
        values[field.key] = '';
        break;
      case 'groupLimits':
        values[field.key] = parseGroupLimits(stored ?? '') ?? [];
        break;
      default:
        values[field.key] = stored ?? '';
    }
  }
  return values;
}

/** Why a field's value cannot be sent, if it cannot. */
export function fieldProblem(field: FieldSpec, value: FormValue): FieldProblem | undefined {
  if (field.kind === 'int' || field.kind === 'float') {
    if (value === null || value === undefined || value === '') return 'required';
    const number = Number(value);
    if (!Number.isFinite(number) || (field.kind === 'int' && !Number.isInteger(number))) return 'notNumber';
    if (field.min !== undefined && number < field.min) return 'tooSmall';
    if (field.max !== undefined && number > field.max) return 'tooLarge';
  }
  if (field.kind === 'json' && !isValidJson(String(value ?? ''))) return 'invalidJson';
  if (field.kind === 'groupLimits' && groupLimitProblems(asRows(value)).length > 0) return 'badRows';
  return undefined;
}

function asRows(value: FormValue): GroupLimitRow[] {
  return Array.isArray(value) ? value : [];
}

/** The stored text for a form value, or undefined when nothing is to be sent (an empty secret). */
export function toStoredValue(field: FieldSpec, value: FormValue): string | undefined {
  switch (field.kind) {
    case 'bool':
      return value ? 'true' : 'false';
    case 'int':
    case 'float':
      return String(Number(value));
    case 'json':
      return prettyJson(String(value ?? ''));
    case 'groupLimits':
      return groupLimitsJson(asRows(value));
    case 'secret': {
      const text = String(value ?? '').trim();
      return text === '' ? undefined : text;
    }
    default: {
      const text = String(value ?? '');
      return field.stripSlash ? stripTrailingSlash(text) : text;
    }
  }
}

function unchanged(field: FieldSpec, stored: string | undefined, next: string): boolean {
  if (field.kind === 'secret') return false;
  if (stored === undefined) return false;
  if (field.kind === 'json' || field.kind === 'groupLimits') return sameJson(stored, next);
  if (field.kind === 'int' || field.kind === 'float') return Number(stored) === Number(next);
  return stored === next;
}

export interface CollectedChanges {
  changes: OptionChange[];
  problems: { key: string; problem: FieldProblem }[];
}

/** One change per option whose value differs from the loaded one; problems stop the save. */
export function collectChanges(
  fields: FieldSpec[],
  options: OptionMap,
  values: FormValues,
): CollectedChanges {
  const changes: OptionChange[] = [];
  const problems: CollectedChanges['problems'] = [];
  for (const field of fields) {
    const value = values[field.key];
    const problem = fieldProblem(field, value);
    if (problem) {
      problems.push({ key: field.key, problem });
      continue;
    }
    const next = toStoredValue(field, value);
    if (next === undefined || unchanged(field, options[field.key], next)) continue;
    changes.push({ key: field.key, value: next });
  }
  return { changes, problems };
}
