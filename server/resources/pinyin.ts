import { sql, type Kysely } from 'kysely';
import { pinyin } from 'pinyin-pro';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';

/**
 * Pickers find master data by the pinyin initials of its names as well as by the text: typing
 * `dfny` finds 东方能源. Each name column of a master table (and each column flagged `pinyin`) has a shadow column `<column>_py`
 * holding the initials, kept by every write through the engine and filled for rows written
 * otherwise (seeds, imports) by `fillPinyin`.
 */
export function pinyinColumns(def: ResourceDefinition): ResourceColumn[] {
  return def.columns.filter((c) => c.fieldType === 'CHAR' && (c.pinyin || (def.kind === 'MASTER' && /Name$/.test(c.fieldName))));
}
export const pinyinColumnOf = (c: ResourceColumn) => `${c.fieldDbName}_py`;

/** The initials of a text, lower-cased; other characters as they are (`ABC煤业` → `abcmy`). */
export function initials(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  return pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('').replace(/\s+/g, '').toLowerCase().slice(0, 400);
}

/** Whether a search text can be initials (letters only, at least two). */
export const looksLikeInitials = (text: string) => /^[A-Za-z]{2,40}$/.test(text);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/** Adds the shadow columns a table lacks and fills them where they are empty. */
export async function fillPinyin(db: AnyDb, def: ResourceDefinition): Promise<void> {
  for (const c of pinyinColumns(def)) {
    const py = pinyinColumnOf(c);
    // identifiers come from the metadata (checked snake_case names), never from a request
    await sql`alter table ${sql.table(def.tableName)} add column if not exists ${sql.ref(py)} varchar(400)`.execute(db);
    for (;;) {
      const rows = await db.selectFrom(def.tableName).select(['id', `${c.fieldDbName} as text`]).where(c.fieldDbName, 'is not', null).where(py, 'is', null).limit(1000).execute();
      if (!rows.length) break;
      for (const r of rows) await db.updateTable(def.tableName).set({ [py]: initials(r.text as string) ?? '' }).where('id', '=', r.id).execute();
    }
  }
}
