import type { Store } from './db.ts';

export async function readAllOptions(store: Store): Promise<Array<{ key: string; value: string | null }>> {
  return store.db.selectFrom('options').select(['key', 'value']).execute();
}

/** Insert or replace one option, in the upsert syntax of each dialect. */
export async function writeOption(store: Store, key: string, value: string): Promise<void> {
  const insert = store.db.insertInto('options').values({ key, value });
  if (store.dialect === 'mysql') {
    await insert.onDuplicateKeyUpdate({ value }).execute();
  } else {
    await insert.onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
  }
}
