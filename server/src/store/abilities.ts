import type { Db } from './db.ts';

/** Distinct model names that enabled channels serve to any of these groups. */
export async function enabledModelsForGroups(db: Db, groups: string[]): Promise<string[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .selectFrom('abilities')
    .select('model')
    .distinct()
    .where('group', 'in', groups)
    .where('enabled', '=', 1)
    .orderBy('model')
    .execute();
  return rows.map((r) => r.model);
}
