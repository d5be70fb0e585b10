import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, createTestApp, type TestApp } from '../../tests/server/support/test-app';
import { nextNumber } from './number-rule';

describe.each(DATABASES)('number rules (as-number-prefix) on %s', (kind) => {
  let t: TestApp;
  let orgs: { id: number; groupId: number }[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    orgs = (await t.database.db.selectFrom('sysOrg').select(['id', 'groupId']).orderBy('id').execute()).map((o) => ({ id: Number(o.id), groupId: Number(o.groupId) }));
  });
  afterAll(async () => { await t.close(); });

  const at = new Date('2026-11-24T01:00:00Z');

  it('numbers a bill type per organisation and local day by the default rule, or by the organisation\'s own rule', async () => {
    const db = t.database.db;
    const [a, b, c] = orgs.map((o) => o.id);
    expect(await nextNumber(db, a, 'mm_pu_weigh', at, 'Asia/Shanghai')).toBe('CB20261124-0001');
    expect(await nextNumber(db, a, 'mm_pu_weigh', at, 'Asia/Shanghai')).toBe('CB20261124-0002');
    expect(await nextNumber(db, b, 'mm_pu_weigh', at, 'Asia/Shanghai')).toBe('CB20261124-0001');
    expect(await nextNumber(db, a, 'mm_sa_weigh', at, 'Asia/Shanghai')).toBe('XB20261124-0001');
    // 23:30 UTC is the next day in Shanghai
    expect(await nextNumber(db, a, 'mm_pu_weigh', new Date('2026-11-24T23:30:00Z'), 'Asia/Shanghai')).toBe('CB20261125-0001');
    // the organisation's rule: short date, no separator, 6 digits, a serial running through the month
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a resource table
    await (db as any).insertInto('as_number_rule').values({
      org_id: c, group_id: orgs[2].groupId, bill_type: 'mm_pu_weigh', prefix: 'PU', date_format: 'YYMMDD', separator: '', serial_length: 6, reset_period: 'MONTH',
    }).execute();
    expect(await nextNumber(db, c, 'mm_pu_weigh', at, 'Asia/Shanghai')).toBe('PU261124000001');
    expect(await nextNumber(db, c, 'mm_pu_weigh', new Date('2026-11-27T01:00:00Z'), 'Asia/Shanghai')).toBe('PU261127000002');
    expect(await nextNumber(db, c, 'mm_pu_weigh', new Date('2026-12-01T01:00:00Z'), 'Asia/Shanghai')).toBe('PU261201000001');
    // a disabled rule is not used
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a resource table
    await (db as any).updateTable('as_number_rule').set({ enabled: false }).where('org_id', '=', c).execute();
    expect(await nextNumber(db, c, 'mm_pu_weigh', at, 'Asia/Shanghai')).toBe('CB20261124-0001');
  });

  it('gives concurrent transactions distinct numbers, and a rolled-back one gives its number back', async () => {
    const db = t.database.db;
    const day = new Date('2026-12-01T04:00:00Z');
    const numbers = await Promise.all(Array.from({ length: 12 }, () => db.transaction().execute((trx) => nextNumber(trx, orgs[0].id, 'mm_sa_weigh', day, 'Asia/Shanghai'))));
    expect(new Set(numbers).size).toBe(12);
    expect([...numbers].sort().at(-1)).toBe('XB20261201-0012');
    await expect(db.transaction().execute(async (trx) => {
      await nextNumber(trx, orgs[0].id, 'mm_sa_weigh', day, 'Asia/Shanghai');
      throw new Error('the document failed');
    })).rejects.toThrow('the document failed');
    expect(await nextNumber(db, orgs[0].id, 'mm_sa_weigh', day, 'Asia/Shanghai')).toBe('XB20261201-0013');
  });
});
