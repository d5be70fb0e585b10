import crypto from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * In-process caches of the list endpoint, one set per database handle:
 *
 * - the count and sums of a filtered set, and keyset bounds of the pages read (ids where pages
 *   start and end, for seeks), per (table, scope, normalised filter: the compiled SQL and its
 *   parameters). Every entry carries the table's write generation (resource_generation, bumped
 *   by a trigger in every writing transaction); an entry is used only when the generation read
 *   from the database for this call equals its own, so nothing cached is trusted across a write,
 *   whichever process made it. At most 500 entries, least recently used first out.
 * - the published LIST templates named by `tplId`, for a few seconds (like the resource registry).
 */

/** A small least-recently-used map. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly capacity: number) {}
  get size(): number { return this.map.size; }
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }
  clear(): void { this.map.clear(); }
}

export interface Totals { total: number; tongji: Record<string, unknown> }

/** What is cached for one filtered set at one generation. */
export class FilteredSet {
  /** count and sums, per list of summed fields; a pending promise while being computed (callers share it). */
  readonly totals = new Map<string, Promise<Totals>>();
  /** the same, once computed */
  readonly settled = new Map<string, Totals>();
  /**
   * Keyset bounds in the default order (id desc): offset A → bound, where the rows at offsets
   * A and on are exactly those with id below the bound (the id of the row at A - 1; for A = 0 the
   * first id + 1). Learnt from pages read at this generation; valid only at it.
   */
  private readonly bounds = new Map<number, number>();
  constructor(readonly generation: number) {}

  bound(at: number): number | undefined { return this.bounds.get(at); }

  /** The bound with the largest offset not past `offset`. */
  nearestBound(offset: number): { at: number; bound: number } | null {
    let best: { at: number; bound: number } | null = null;
    for (const [at, bound] of this.bounds) if (at <= offset && (!best || at > best.at)) best = { at, bound };
    return best;
  }

  addBound(at: number, bound: number): void {
    this.bounds.delete(at);
    this.bounds.set(at, bound);
    if (this.bounds.size > MAX_BOUNDS) this.bounds.delete(this.bounds.keys().next().value as number);
  }
}

const MAX_ENTRIES = 500;
const MAX_BOUNDS = 64;
const TEMPLATE_TTL_MS = 5_000;

export interface ListTemplate { id: number; formatType: string; customTable: string | null; menuUuid: string | null; totals: { fieldName: string; customTable: string | null }[] }

export class ListCaches {
  readonly sets = new Lru<string, FilteredSet>(MAX_ENTRIES);
  private readonly templates = new Map<number, { at: number; value: Promise<ListTemplate | null> }>();

  constructor(private readonly db: Kysely<DB>, private readonly now: () => number = Date.now) {}

  private readonly seen = new Map<string, number>();

  /** The table's write generation (0 before its first write): one primary-key read. */
  async generation(tableName: string): Promise<number> {
    const row = await this.db.selectFrom('resourceGeneration').select('generation').where('tableName', '=', tableName).executeTakeFirst();
    const generation = Number(row?.generation ?? 0);
    this.seen.set(tableName, generation);
    return generation;
  }

  /** The generation this process last read for a table (a guess to be checked, never trusted). */
  lastGeneration(tableName: string): number | undefined { return this.seen.get(tableName); }

  /**
   * The cache entry of a filtered set at `generation` (keyed by the compiled filter: its SQL and
   * parameters, which include the table and the organisation or group). A call that read an
   * older generation than the cached entry's gets a throw-away entry.
   */
  filteredSet(filter: CompiledQuery, generation: number): FilteredSet {
    const key = crypto.createHash('sha256').update(filter.sql).update('\0').update(JSON.stringify(filter.parameters)).digest('base64');
    const cached = this.sets.get(key);
    if (cached && cached.generation === generation) return cached;
    const fresh = new FilteredSet(generation);
    if (!cached || cached.generation < generation) this.sets.set(key, fresh);
    return fresh;
  }

  /** A published template by id, cached for a few seconds; null when there is none. */
  template(id: number): Promise<ListTemplate | null> {
    const hit = this.templates.get(id);
    if (hit && this.now() - hit.at < TEMPLATE_TTL_MS) return hit.value;
    const value = this.db.selectFrom('cgFormat').select(['id', 'formatType', 'customTable', 'menuUuid', 'published']).where('id', '=', id).executeTakeFirst()
      .then((row) => {
        if (!row?.published) return null;
        const published = row.published as { customTable?: string | null; listSubList?: { fieldName: string; customTable?: string | null; itotal?: boolean }[] | null };
        const customTable = published.customTable ?? row.customTable ?? null;
        return {
          id: row.id, formatType: row.formatType, customTable, menuUuid: row.menuUuid,
          totals: (published.listSubList ?? []).filter((f) => f.itotal).map((f) => ({ fieldName: f.fieldName, customTable: f.customTable ?? customTable })),
        };
      });
    value.catch(() => this.templates.delete(id));
    this.templates.set(id, { at: this.now(), value });
    if (this.templates.size > MAX_ENTRIES) this.templates.delete(this.templates.keys().next().value as number);
    return value;
  }

  /** Forgets the templates (a template was published); totals need no call: generations see to them. */
  invalidateTemplates(): void { this.templates.clear(); }
}

const byDatabase = new WeakMap<Kysely<DB>, ListCaches>();

/** The list caches of a database handle (one per app). */
export function listCachesOf(db: Kysely<DB>): ListCaches {
  let caches = byDatabase.get(db);
  if (!caches) {
    caches = new ListCaches(db);
    byDatabase.set(db, caches);
  }
  return caches;
}
