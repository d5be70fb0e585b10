import type { Kysely } from 'kysely';
import { parseResourceDefinition, type ResourceDefinition } from '../../src/schema/resource';
import { insideOpenTransaction } from '../db/request-transaction';
import type { DB } from '../db/schema';
import { ensureResourceTable } from './ddl';

/**
 * The data-source metadata the resource engine serves, read from cg_custom_table (the synced
 * `definition` of each table). Every lookup reads cg_custom_table's write generation (one
 * primary-key read, bumped by a trigger in every transaction that changes the metadata, whoever
 * makes it) and reloads when it moved: a table synced through one API process is served by every
 * other at once. Concurrent lookups at one generation share one reload.
 */
interface Maps { byRoute: Map<string, ResourceDefinition>; byTable: Map<string, ResourceDefinition> }

export class ResourceRegistry {
  private byRoute = new Map<string, ResourceDefinition>();
  private byTableName = new Map<string, ResourceDefinition>();
  private generation = -1;
  private loading: { generation: number; done: Promise<void> } | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  private async read(): Promise<Maps> {
    const rows = await this.db.selectFrom('cgCustomTable').select(['definition']).where('definition', 'is not', null).execute();
    const byRoute = new Map<string, ResourceDefinition>();
    const byTable = new Map<string, ResourceDefinition>();
    for (const r of rows) {
      const def = parseResourceDefinition(r.definition);
      byRoute.set(`${def.module}/${def.resource}`, def);
      byTable.set(def.tableName, def);
    }
    return { byRoute, byTable };
  }

  private async refresh(): Promise<Maps> {
    // each lookup reads the generation itself: one started before a sync commits must not answer for a later caller
    const row = await this.db.selectFrom('resourceGeneration').select('generation').where('tableName', '=', 'cg_custom_table').executeTakeFirst();
    const generation = Number(row?.generation ?? 0);
    if (generation <= this.generation) return { byRoute: this.byRoute, byTable: this.byTableName };
    if (this.loading && this.loading.generation >= generation) {
      // a request holding its transaction never waits for another's reload: on the embedded database
      // that reload waits for the one connection this transaction holds (a deadlock); it reads for itself
      if (insideOpenTransaction()) return this.read();
      await this.loading.done;
      return { byRoute: this.byRoute, byTable: this.byTableName };
    }
    const done = (async () => {
      const maps = await this.read();
      if (generation > this.generation) {
        this.byRoute = maps.byRoute;
        this.byTableName = maps.byTable;
        this.generation = generation;
      }
    })().finally(() => { if (this.loading?.done === done) this.loading = null; });
    this.loading = { generation, done };
    await done;
    return { byRoute: this.byRoute, byTable: this.byTableName };
  }

  async byPath(module: string, resource: string): Promise<ResourceDefinition | undefined> {
    return (await this.refresh()).byRoute.get(`${module}/${resource}`);
  }

  async byTable(tableName: string): Promise<ResourceDefinition | undefined> {
    return (await this.refresh()).byTable.get(tableName);
  }

  /** Every registered resource. */
  async all(): Promise<ResourceDefinition[]> {
    return [...(await this.refresh()).byTable.values()];
  }

  /** Reloads on the next lookup (the generation is read every time anyway; for tests and seeds). */
  invalidate(): void { this.generation = -1; }
}

/** Registers (or updates) a resource's metadata and makes sure its table and columns exist. */
export async function registerResource(db: Kysely<DB>, input: ResourceDefinition): Promise<void> {
  const def = parseResourceDefinition(input);
  const definition = JSON.stringify(def);
  await db.insertInto('cgCustomTable')
    .values({ tableName: def.tableName, tableExplain: def.tableExplain, module: def.module, resource: def.resource, definition, syncedAt: new Date() })
    .onConflict((oc) => oc.column('tableName').doUpdateSet({ tableExplain: def.tableExplain, module: def.module, resource: def.resource, definition, syncedAt: new Date() }))
    .execute();
  await ensureResourceTable(db, def);
}
