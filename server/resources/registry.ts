import type { Kysely } from 'kysely';
import { parseResourceDefinition, type ResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';
import { ensureResourceTable } from './ddl';

const TTL_MS = 5_000;

/**
 * The data-source metadata the resource engine serves, read from cg_custom_table. Cached for a few
 * seconds per process so that a table the designer adds reaches every API process shortly after.
 */
export class ResourceRegistry {
  private byRoute = new Map<string, ResourceDefinition>();
  private byTableName = new Map<string, ResourceDefinition>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Kysely<DB>, private readonly now: () => number = Date.now) {}

  private async refresh(): Promise<void> {
    if (this.now() - this.loadedAt < TTL_MS) return;
    this.loading ??= (async () => {
      const rows = await this.db.selectFrom('cgCustomTable').select(['definition']).execute();
      const byRoute = new Map<string, ResourceDefinition>();
      const byTable = new Map<string, ResourceDefinition>();
      for (const row of rows) {
        const def = parseResourceDefinition(row.definition);
        byRoute.set(`${def.module}/${def.resource}`, def);
        byTable.set(def.tableName, def);
      }
      this.byRoute = byRoute;
      this.byTableName = byTable;
      this.loadedAt = this.now();
    })().finally(() => { this.loading = null; });
    await this.loading;
  }

  async byPath(module: string, resource: string): Promise<ResourceDefinition | undefined> {
    await this.refresh();
    return this.byRoute.get(`${module}/${resource}`);
  }

  async byTable(tableName: string): Promise<ResourceDefinition | undefined> {
    await this.refresh();
    return this.byTableName.get(tableName);
  }

  /** Every registered resource. */
  async all(): Promise<ResourceDefinition[]> {
    await this.refresh();
    return [...this.byTableName.values()];
  }

  invalidate(): void { this.loadedAt = 0; }
}

/** Registers (or updates) a resource's metadata and makes sure its table and columns exist. */
export async function registerResource(db: Kysely<DB>, input: ResourceDefinition): Promise<void> {
  const def = parseResourceDefinition(input);
  const definition = JSON.stringify(def);
  await db.insertInto('cgCustomTable')
    .values({ tableName: def.tableName, tableExplain: def.tableExplain, module: def.module, resource: def.resource, definition })
    .onConflict((oc) => oc.column('tableName').doUpdateSet({ tableExplain: def.tableExplain, module: def.module, resource: def.resource, definition }))
    .execute();
  await ensureResourceTable(db, def);
}
