import { applyValue, isRatioText, type RatioField, type RatioRow } from './ratio-rows.ts';

/** What a batch set writes on the selected models. */
export type BatchMode = 'price' | 'ratio' | 'completionRatio' | 'cacheRatio' | 'bothRatios';
export const BATCH_MODES: BatchMode[] = ['price', 'ratio', 'completionRatio', 'cacheRatio', 'bothRatios'];

export interface BatchInput {
  mode: BatchMode;
  /** The fill value of the single-value modes. */
  value: string;
  /** The two values of the both-ratios mode. */
  ratio: string;
  completionRatio: string;
}

export type BatchError = 'selectFirst' | 'needFill' | 'needBoth' | 'notNumber';

const filled = (text: string) => text.trim() !== '';

/** Sets the chosen value(s) on every selected model, with the same rules as an inline edit. */
export function batchSet(
  rows: RatioRow[],
  selected: string[],
  input: BatchInput,
): { rows: RatioRow[] } | { error: BatchError } {
  if (selected.length === 0) return { error: 'selectFirst' };
  let writes: [RatioField, string][];
  if (input.mode === 'bothRatios') {
    if (!filled(input.ratio) || !filled(input.completionRatio)) return { error: 'needBoth' };
    writes = [
      ['ratio', input.ratio.trim()],
      ['completionRatio', input.completionRatio.trim()],
    ];
  } else {
    if (!filled(input.value)) return { error: 'needFill' };
    writes = [[input.mode, input.value.trim()]];
  }
  if (writes.some(([, text]) => !isRatioText(text))) return { error: 'notNumber' };
  const chosen = new Set(selected);
  return {
    rows: rows.map((row) =>
      chosen.has(row.name) ? writes.reduce((next, [field, text]) => applyValue(next, field, text), row) : row,
    ),
  };
}
