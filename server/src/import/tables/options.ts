import { OPTION_DEFINITIONS } from '../../options/registry.ts';
import { render } from '../../i18n/text.ts';
import { validateOptionValue } from '../../options/validate-option.ts';
import type { ImportContext } from '../context.ts';
import { insertNew } from '../insert-new.ts';
import { text } from '../values.ts';

/**
 * options: every key this gateway knows is imported when its value passes the same checks as the
 * console's; a key the target already holds keeps the target's value (a second run changes
 * nothing). Keys not known here are listed in the report.
 */
export async function importOptions(context: ImportContext): Promise<void> {
  const { report } = context;
  const counts = report.table('options');
  const rows = await context.read.selectFrom('options').select(['key', 'value']).orderBy('key').execute();
  counts.total = rows.length;
  const progress = context.progress('options', rows.length);
  const present = context.targetReady
    ? new Set((await context.target.db.selectFrom('options').select('key').execute()).map((row) => row.key))
    : new Set<string>();
  const fresh: { key: string; value: string }[] = [];
  for (const row of rows) {
    const key = text(row.key);
    if (!(key in OPTION_DEFINITIONS)) {
      report.unknownOptions.push(key);
      report.skip('options', 'not an option known here (listed below)');
      continue;
    }
    if (present.has(key)) {
      counts.already += 1;
      continue;
    }
    const checked = validateOptionValue(key, text(row.value));
    if (!checked.ok) {
      report.skip('options', `a value refused here: ${render(checked.message, 'en')}`);
      continue;
    }
    fresh.push({ key, value: checked.value });
  }
  if (!context.dryRun && fresh.length > 0) {
    await context.target.db.transaction().execute(async (trx) => {
      await insertNew(trx, context.target.dialect, 'options', fresh, 'key');
    });
  }
  counts.imported += fresh.length;
  progress.update(rows.length, true);
}
