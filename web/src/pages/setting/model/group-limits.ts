/**
 * ModelRequestRateLimitGroup as rows: the option is `{"group": [total, success]}`, which the server
 * accepts only with integer counts, total ≥ 0 (0: unlimited) and success ≥ 1, both below 2^31.
 */
export interface GroupLimitRow {
  group: string;
  /** Requests in all per period, failed ones included; 0: unlimited. */
  total: number | null;
  /** Completed requests per period; at least 1. */
  success: number | null;
}

export const MAX_COUNT = 2 ** 31 - 1;
export const MIN_TOTAL = 0;
export const MIN_SUCCESS = 1;

export type GroupLimitProblem =
  | 'groupRequired'
  | 'groupDuplicate'
  | 'countRequired'
  | 'countNotInteger'
  | 'totalTooSmall'
  | 'successTooSmall'
  | 'countTooLarge';

export interface RowProblem {
  row: number;
  field: 'group' | 'total' | 'success';
  problem: GroupLimitProblem;
}

/** A new empty row (success starts at the smallest the server accepts). */
export const emptyRow = (): GroupLimitRow => ({ group: '', total: 0, success: MIN_SUCCESS });

function asCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The rows of a stored value; undefined when the text is not an object of `[total, success]` pairs
 * (empty text is no overrides).
 */
export function parseGroupLimits(text: string): GroupLimitRow[] | undefined {
  if (text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const rows: GroupLimitRow[] = [];
  for (const [group, pair] of Object.entries(parsed as Record<string, unknown>)) {
    if (!Array.isArray(pair) || pair.length !== 2) return undefined;
    rows.push({ group, total: asCount(pair[0]), success: asCount(pair[1]) });
  }
  return rows;
}

function countProblem(value: number | null, min: number, tooSmall: GroupLimitProblem) {
  if (value === null) return 'countRequired';
  if (!Number.isInteger(value)) return 'countNotInteger';
  if (value < min) return tooSmall;
  if (value > MAX_COUNT) return 'countTooLarge';
  return undefined;
}

/** Every problem of the rows, in row order; none means the server will accept their JSON. */
export function groupLimitProblems(rows: GroupLimitRow[]): RowProblem[] {
  const problems: RowProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const name = row.group.trim();
    if (name === '') problems.push({ row: index, field: 'group', problem: 'groupRequired' });
    else if (seen.has(name)) problems.push({ row: index, field: 'group', problem: 'groupDuplicate' });
    seen.add(name);
    const total = countProblem(row.total, MIN_TOTAL, 'totalTooSmall');
    if (total) problems.push({ row: index, field: 'total', problem: total });
    const success = countProblem(row.success, MIN_SUCCESS, 'successTooSmall');
    if (success) problems.push({ row: index, field: 'success', problem: success });
  });
  return problems;
}

/** The stored text of valid rows (group names trimmed), printed as the other JSON options are. */
export function groupLimitsJson(rows: GroupLimitRow[]): string {
  const value = Object.fromEntries(rows.map((row) => [row.group.trim(), [row.total, row.success]]));
  return JSON.stringify(value, null, 2);
}
