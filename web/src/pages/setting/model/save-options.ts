import type { OptionChange } from './option-fields.ts';

export type SaveOutcome = 'nothing' | 'saved' | 'partial' | 'failed';

export interface SaveReport {
  outcome: SaveOutcome;
  /** The server's message for each key that was refused. */
  failures: { key: string; message: string }[];
}

/** Which notice a multi-key save ends with: nothing sent, all saved, some refused or all refused. */
export function saveOutcome(sent: number, failed: number): SaveOutcome {
  if (sent === 0) return 'nothing';
  if (failed === 0) return 'saved';
  return failed === sent ? 'failed' : 'partial';
}

/** The i18n key of that notice. */
export function outcomeMessageKey(outcome: SaveOutcome): string {
  switch (outcome) {
    case 'nothing':
      return 'common.nothingChanged';
    case 'saved':
      return 'common.saved';
    case 'partial':
      return 'common.partialSaveFailed';
    case 'failed':
      return 'common.saveFailed';
  }
}

/**
 * Sends one write per changed key, one after another (the server takes one key per call), and
 * reports which were refused. A refusal does not stop the others.
 */
export async function saveChanges(
  changes: OptionChange[],
  put: (change: OptionChange) => Promise<unknown>,
): Promise<SaveReport> {
  const failures: SaveReport['failures'] = [];
  for (const change of changes) {
    try {
      await put(change);
    } catch (error) {
      failures.push({ key: change.key, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { outcome: saveOutcome(changes.length, failures.length), failures };
}

/**
 * A refusal as the user reads it: the field's label, quoted, where the server named the option by
 * its internal key ("选项 ModelRatio 的格式不对" → "选项 “模型倍率” 的格式不对"), or before the
 * message when the server did not name it.
 */
export function refusalText(failure: SaveReport['failures'][number], label: string): string {
  const quoted = `“${label}”`;
  const named = failure.message.split(failure.key).join(quoted);
  return named.includes(quoted) ? named : `${quoted}: ${failure.message}`;
}
