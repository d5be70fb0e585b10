import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ColumnSpec } from '../http/list-query';

/** One ordering key: a column reference from metadata, its direction and its search type. */
export interface KeysetKey { ref: string; dir: 'asc' | 'desc'; type: ColumnSpec['type'] }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyQuery = SelectQueryBuilder<any, any, any>;

const CAST: Record<ColumnSpec['type'], string> = { text: 'text', number: 'numeric', boolean: 'boolean', date: 'timestamptz' };

/**
 * A cursor value back in the key's type. The value travels as text (a timestamptz keeps its
 * microseconds that way) and the parameter is typed text, so no driver guesses its type.
 */
function typed(key: KeysetKey, value: string): RawBuilder<unknown> {
  const type = key.ref === 't.id' ? 'bigint' : CAST[key.type]; // bigint keeps the primary-key index usable
  return sql`cast(cast(${value} as text) as ${sql.raw(type)})`;
}

/**
 * Rows after the cursor in the order `keys` (blanks last in both directions, as the list pages
 * order them): for some i, keys before i equal the cursor's and key i comes after it.
 */
function afterCursor(keys: KeysetKey[], cursor: (string | null)[]): Expression<SqlBool> {
  const either: RawBuilder<SqlBool>[] = [];
  const equal: RawBuilder<SqlBool>[] = [];
  keys.forEach((key, i) => {
    const ref = sql.ref(key.ref);
    const value = cursor[i];
    // blanks come last in either direction: nothing but ties after a blank
    const later = value === null ? null
      : sql<SqlBool>`(${ref} ${sql.raw(key.dir === 'asc' ? '>' : '<')} ${typed(key, value)} or ${ref} is null)`;
    if (later) either.push(equal.length ? sql<SqlBool>`(${sql.join([...equal, later], sql` and `)})` : later);
    equal.push(value === null ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} = ${typed(key, value)}`);
  });
  return either.length ? sql<SqlBool>`(${sql.join(either, sql` or `)})` : sql<SqlBool>`false`;
}

/**
 * Reads a filtered, ordered query in batches of `size` rows. Each batch is one short statement
 * that starts after the last row of the one before (keyset paging, `t.id desc` breaking ties), so
 * a long read neither loads the whole set nor holds a connection between batches: on the embedded
 * database, other requests run between two batches.
 *
 * The query must already select the wanted columns; the keys are added as `k0…kn`.
 */
export async function* keysetBatches(query: AnyQuery, sort: KeysetKey[], size: number): AsyncGenerator<Record<string, unknown>[]> {
  const keys: KeysetKey[] = [...sort, { ref: 't.id', dir: 'desc', type: 'number' }];
  let ordered = query.select(keys.map((k, i) => sql<string | null>`(${sql.ref(k.ref)})::text`.as(`k${i}`)));
  for (const k of keys) ordered = ordered.orderBy(sql`${sql.ref(k.ref)} ${sql.raw(k.dir)} nulls last`);
  let cursor: (string | null)[] | null = null;
  for (;;) {
    const after = cursor;
    const rows = (await (after ? ordered.where(() => afterCursor(keys, after)) : ordered).limit(size).execute()) as Record<string, unknown>[];
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    cursor = keys.map((_, i) => (last[`k${i}`] ?? null) as string | null);
  }
}
