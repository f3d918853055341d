import { sameJson, type OptionChange, type OptionMap } from './option-fields.ts';

/** The four price tables the ratio editor works on, by option key. */
export const RATIO_TABLE_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio'] as const;
export type RatioTableKey = (typeof RATIO_TABLE_KEYS)[number];
export type RatioTables = Record<RatioTableKey, Record<string, number>>;

/** The editable values of one row; each is the text typed, '' meaning "not set". */
export const RATIO_FIELDS = ['price', 'ratio', 'completionRatio', 'cacheRatio'] as const;
export type RatioField = (typeof RATIO_FIELDS)[number];

export interface RatioRow {
  name: string;
  price: string;
  ratio: string;
  completionRatio: string;
  cacheRatio: string;
}

const TABLE_OF: Record<RatioField, RatioTableKey> = {
  price: 'ModelPrice',
  ratio: 'ModelRatio',
  completionRatio: 'CompletionRatio',
  cacheRatio: 'CacheRatio',
};

/** The ratio fields that a fixed price makes meaningless. */
const RATIO_ONLY: RatioField[] = ['ratio', 'completionRatio', 'cacheRatio'];

export type RatioError = 'notNumber' | 'nameRequired' | 'nameExists';

/** Parses the stored tables; text that is not a JSON object of numbers reads as an empty table. */
export function parseRatioTables(options: OptionMap): RatioTables {
  const read = (key: RatioTableKey): Record<string, number> => {
    try {
      const parsed: unknown = JSON.parse(options[key] ?? '{}');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
      return Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      );
    } catch {
      return {};
    }
  };
  return {
    ModelPrice: read('ModelPrice'),
    ModelRatio: read('ModelRatio'),
    CompletionRatio: read('CompletionRatio'),
    CacheRatio: read('CacheRatio'),
  };
}

/** One row per model named in any table, sorted by name. */
export function tablesToRows(tables: RatioTables): RatioRow[] {
  const names = new Set(RATIO_TABLE_KEYS.flatMap((key) => Object.keys(tables[key])));
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return [...names].sort().map((name) => ({
    name,
    price: text(tables.ModelPrice[name]),
    ratio: text(tables.ModelRatio[name]),
    completionRatio: text(tables.CompletionRatio[name]),
    cacheRatio: text(tables.CacheRatio[name]),
  }));
}

/** A value's text is acceptable: empty (not set) or a finite number of zero or more. */
export function isRatioText(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  const number = Number(trimmed);
  return Number.isFinite(number) && number >= 0;
}

/** The first invalid value, if any, so the editor can point at it. */
export function findInvalid(rows: RatioRow[]): { name: string; field: RatioField } | undefined {
  for (const row of rows) {
    for (const field of RATIO_FIELDS) if (!isRatioText(row[field])) return { name: row.name, field };
  }
  return undefined;
}

export function rowsToTables(rows: RatioRow[]): RatioTables {
  const tables: RatioTables = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {}, CacheRatio: {} };
  for (const row of rows) {
    for (const field of RATIO_FIELDS) {
      const text = row[field].trim();
      if (text !== '') tables[TABLE_OF[field]][row.name] = Number(text);
    }
  }
  return tables;
}

/** The tables whose content differs from the stored ones, as pretty-printed JSON writes. */
export function ratioChanges(rows: RatioRow[], options: OptionMap): OptionChange[] {
  const tables = rowsToTables(rows);
  return RATIO_TABLE_KEYS.map((key) => ({ key, value: JSON.stringify(tables[key], null, 2) })).filter(
    ({ key, value }) => !sameJson(options[key] ?? '{}', value),
  );
}

/**
 * Sets one value of one model. A fixed price clears the model's ratios; a ratio clears the fixed
 * price (a model is priced either per call or per token).
 */
export function applyValue(row: RatioRow, field: RatioField, text: string): RatioRow {
  const next = { ...row, [field]: text };
  if (text.trim() === '') return next;
  if (field === 'price') for (const other of RATIO_ONLY) next[other] = '';
  else next.price = '';
  return next;
}

export function setRowValue(rows: RatioRow[], name: string, field: RatioField, text: string): RatioRow[] {
  return rows.map((row) => (row.name === name ? applyValue(row, field, text) : row));
}

export function emptyRow(name: string): RatioRow {
  return { name, price: '', ratio: '', completionRatio: '', cacheRatio: '' };
}

/** Adds a model; its name must be new and its values numbers. The new row goes first so it is seen. */
export function addRow(rows: RatioRow[], draft: RatioRow): { rows: RatioRow[] } | { error: RatioError } {
  const name = draft.name.trim();
  if (name === '') return { error: 'nameRequired' };
  if (rows.some((row) => row.name === name)) return { error: 'nameExists' };
  if (RATIO_FIELDS.some((field) => !isRatioText(draft[field]))) return { error: 'notNumber' };
  let row = emptyRow(name);
  // Ratios first, then the price, so that a price (if given) wins as in the inline editor.
  for (const field of [...RATIO_ONLY, 'price'] as RatioField[]) {
    if (draft[field].trim() !== '') row = applyValue(row, field, draft[field].trim());
  }
  return { rows: [row, ...rows] };
}

export function deleteRow(rows: RatioRow[], name: string): RatioRow[] {
  return rows.filter((row) => row.name !== name);
}

/** Rows whose model name contains the search text, case-insensitively. */
export function filterRows(rows: RatioRow[], search: string): RatioRow[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? rows : rows.filter((row) => row.name.toLowerCase().includes(needle));
}

/** Listed prices per 1M tokens in dollars: prompt = 2 × ratio, completion = that × completion ratio. */
export function pricePerMillion(row: RatioRow): { prompt: number; completion: number } | undefined {
  if (row.price.trim() !== '' || row.ratio.trim() === '' || !isRatioText(row.ratio)) return undefined;
  const prompt = 2 * Number(row.ratio);
  const completionRatio =
    row.completionRatio.trim() !== '' && isRatioText(row.completionRatio) ? Number(row.completionRatio) : 1;
  return { prompt, completion: prompt * completionRatio };
}

/** Models that enabled channels serve but no table prices, sorted. */
export function modelsWithoutRatio(enabled: string[], rows: RatioRow[]): string[] {
  const known = new Set(rows.map((row) => row.name));
  return [...new Set(enabled)].filter((name) => !known.has(name)).sort();
}
