import { useState } from 'react';
import type { OptionMap } from '../model/option-fields.ts';
import { parseRatioTables, RATIO_TABLE_KEYS, tablesToRows, type RatioRow } from '../model/ratio-rows.ts';

/**
 * The visual editor's rows, built from the stored tables and rebuilt whenever those change
 * (after a save), so the editor never shows tables older than the server's.
 */
export function useRatioRows(options: OptionMap) {
  const signature = RATIO_TABLE_KEYS.map((key) => options[key] ?? '').join('\u0000');
  const [state, setState] = useState(() => ({ signature, rows: tablesToRows(parseRatioTables(options)) }));
  if (state.signature !== signature) {
    setState({ signature, rows: tablesToRows(parseRatioTables(options)) });
  }
  const setRows = (update: (rows: RatioRow[]) => RatioRow[]) =>
    setState((current) => ({ ...current, rows: update(current.rows) }));
  const discard = () => setState({ signature, rows: tablesToRows(parseRatioTables(options)) });
  return { rows: state.rows, setRows, discard };
}
