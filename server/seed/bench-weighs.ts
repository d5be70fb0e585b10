import { sql, type Kysely } from 'kysely';
import { parseResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';
import { ensureListSupport } from '../resources/ddl';
import { PROVINCES, prng } from './demo-business';

const MATERIALS = ['原煤', '精煤', '焦煤', '铁矿石', '石灰石', '石英砂', '废钢', '电煤'];

/**
 * Adds `count` purchase weigh records to an organisation for benchmarks, in batches inside
 * transactions, then does what a bulk load needs: the list indexes its published LIST template
 * calls for, and VACUUM ANALYZE (fresh statistics for the planner, and a visibility map so that
 * counts and deep pages can be index-only scans — PGlite has no autovacuum to do it later);
 * answers how many rows the organisation then has.
 */
export async function seedBenchWeighs(db: Kysely<DB>, orgId: number, count: number, onProgress?: (done: number) => void): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
  const any = db as Kysely<any>;
  const org = await db.selectFrom('sysOrg').select(['groupId', 'orgCode']).where('id', '=', orgId).executeTakeFirstOrThrow();
  const random = prng(424242 + orgId);
  const now = Date.now();
  const batch = 1000;
  const start = Date.now().toString(36).toUpperCase();
  for (let done = 0; done < count; done += batch) {
    const rows: Record<string, unknown>[] = [];
    for (let i = done; i < Math.min(count, done + batch); i++) {
      const gross = 40 + random() * 15;
      const tare = 14 + random() * 6;
      const grossAt = new Date(now - Math.floor(random() * 365 * 24 * 3600_000));
      rows.push({
        orgId, groupId: org.groupId, createdByName: '基准数据', billCode: `${org.orgCode}BM${start}${String(i).padStart(7, '0')}`,
        plateNumber: `${PROVINCES[i % PROVINCES.length]}B${String(i % 100000).padStart(5, '0')}`, materialName: MATERIALS[i % MATERIALS.length],
        vendorName: `基准供应商${i % 300}`, gross: gross.toFixed(3), tare: tare.toFixed(3), deduct: '0.000', net: (gross - tare).toFixed(3),
        grossTime: grossAt, tareTime: new Date(grossAt.getTime() + 3600_000), weigherName: '基准司磅', weighStatus: 'DONE', status: i % 3 ? 'FREE' : 'AUDITED',
      });
    }
    await any.transaction().execute((trx) => trx.insertInto('mm_pu_weigh').values(rows).execute());
    onProgress?.(Math.min(count, done + batch));
  }
  const meta = await db.selectFrom('cgCustomTable').select('definition').where('tableName', '=', 'mm_pu_weigh').executeTakeFirstOrThrow();
  await ensureListSupport(any, parseResourceDefinition(meta.definition));
  await sql`vacuum analyze mm_pu_weigh`.execute(db);
  const total = await any.selectFrom('mm_pu_weigh').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).where('deleted', '=', false).executeTakeFirstOrThrow();
  return Number(total.n);
}
