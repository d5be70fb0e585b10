import { sql, type Kysely } from 'kysely';

/** Answers larger than this are not kept. */
const MAX_ENTRY_BYTES = 512 * 1024;
const MAX_ENTRIES = 500;

interface Entry { generations: string; value: Promise<unknown> }

/**
 * The answers of SQL-source lists, kept while every table the source reads is at the write
 * generation it was computed at (`resource_generation`, bumped by a trigger in every writing
 * transaction, whoever writes — the list caches' counter). The generations are read before the
 * statement runs, so an answer is never labelled newer than it is; each call reads them again, so
 * no process serves an answer across a write. Concurrent callers of the same answer share one run.
 */
export class SqlResultCache {
  private readonly entries = new Map<string, Entry>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  constructor(private readonly db: Kysely<any>) {}

  async get<T>(key: string, tables: readonly string[], compute: () => Promise<T>): Promise<T> {
    const generations = await this.generations(tables);
    const known = this.entries.get(key);
    if (known && known.generations === generations) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known.value as Promise<T>;
    }
    const value = compute();
    const entry: Entry = { generations, value };
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    value.then((v) => {
      if (Buffer.byteLength(JSON.stringify(v)) > MAX_ENTRY_BYTES && this.entries.get(key) === entry) this.entries.delete(key);
    }, () => { if (this.entries.get(key) === entry) this.entries.delete(key); });
    return value;
  }

  private async generations(tables: readonly string[]): Promise<string> {
    if (tables.length === 0) return '';
    const rows = await sql<{ name: string; generation: number }>`
      select table_name as name, generation from resource_generation where table_name = any(${[...tables]}::text[]) order by table_name`.execute(this.db);
    const seen = new Map(rows.rows.map((r) => [r.name, Number(r.generation)]));
    return [...tables].sort().map((t) => `${t}:${seen.get(t) ?? 0}`).join(',');
  }
}
