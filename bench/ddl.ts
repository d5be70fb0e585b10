import { sql } from 'kysely';
import { seedBenchWeighs } from '../server/seed/bench-weighs';
import { startBenchServer } from './bench-server';

/**
 * 数据源 sync on PGlite, through the API as an administrator: adding a column with a constant
 * default (and a nullable one) to the 200,600-row weigh table, and creating a new table with 30
 * columns. Prints the plan and sync times and whether the weigh table was rewritten (its
 * relfilenode changes when PostgreSQL rewrites a table). `npm run bench -- ddl`.
 */
export async function benchDdl(): Promise<void> {
  const server = await startBenchServer(async (database) => {
    const org = await database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
    const t0 = Date.now();
    const rows = await seedBenchWeighs(database.db, org.id, 200_000);
    console.log(`data set: ${rows} weigh records in one organisation (made in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  try {
    const login = await fetch(`${server.base}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Demo@2026' }),
    });
    const token = (await login.json()).data.access_token as string;
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.base}/api/optimus_prime/cg-custom-table${url}`, {
        method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = await res.json();
      if (!json.success) throw new Error(`${url}: ${json.msg}`);
      return json.data;
    };
    const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
      const t = performance.now();
      const value = await run();
      return [value, performance.now() - t];
    };
    const planAndSync = async (id: number) => {
      const [plan, planMs] = await timed(() => call('POST', `/plan/${id}`));
      const [, syncMs] = await timed(() => call('POST', `/sync/${id}`, { hash: plan.hash }));
      return { planMs, syncMs, statements: (plan.ddl as string).split('\n').length };
    };
    const fileNode = async () => (await sql<{ n: number }>`select relfilenode as n from pg_class where relname = 'mm_pu_weigh'`.execute(server.database.db)).rows[0].n;
    const weigh = await server.database.db.selectFrom('cgCustomTable').select('id').where('tableName', '=', 'mm_pu_weigh').executeTakeFirstOrThrow();
    const addColumn = async (column: Record<string, unknown>, label: string) => {
      const d = await call('GET', `/detail/${weigh.id}`);
      const { id, version, customTypeId, tableName, tableExplain, module, resource, scope, kind, parentTable, parentKey, tableSubList } = d;
      await call('PUT', '/update', { id, version, customTypeId, tableName, tableExplain, module, resource, scope, kind, parentTable, parentKey, tableSubList: [...tableSubList, column] });
      const before = await fileNode();
      const t = await planAndSync(weigh.id);
      const rewritten = (await fileNode()) !== before;
      console.log(`${label}: plan ${t.planMs.toFixed(0)} ms, sync ${t.syncMs.toFixed(0)} ms (${t.statements} statement), table rewritten: ${rewritten ? 'yes' : 'no'}`);
    };
    await addColumn({ fieldDbName: 'seal_no', fieldType: 'CHAR', length: 32, fieldExplain: '铅封号', defaultValue: '无' }, 'weigh table (200,600 rows): add a CHAR column with a constant default');
    await addColumn({ fieldDbName: 'check_note', fieldType: 'TXT', fieldExplain: '复核说明' }, 'weigh table (200,600 rows): add a nullable TXT column');
    await addColumn({ fieldDbName: 'check_qty', fieldType: 'NUMBER', length: 14, scale: 3, fieldExplain: '复核量', defaultValue: '0' }, 'weigh table (200,600 rows): add a NUMBER column with default 0');

    const types = ['CHAR', 'NUMBER', 'DATE', 'TXT', 'BOOLEAN', 'JSON'] as const;
    const columns = Array.from({ length: 30 }, (_, i) => {
      const fieldType = types[i % types.length];
      return {
        fieldDbName: `col_${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26) || ''}`, fieldType, fieldExplain: `字段${i + 1}`,
        ...(fieldType === 'CHAR' ? { length: 50, ...(i === 0 ? { unique: true, required: true } : {}) } : fieldType === 'NUMBER' ? { length: 14, scale: 2, defaultValue: '0' } : {}),
      };
    });
    const [made, createMs] = await timed(() => call('POST', '/create', { tableName: 'bench_thirty', tableExplain: '三十列', kind: 'DOCUMENT', tableSubList: columns }));
    const t = await planAndSync(made.id);
    console.log(`new table with 30 columns: create ${createMs.toFixed(0)} ms, plan ${t.planMs.toFixed(0)} ms, sync ${t.syncMs.toFixed(0)} ms (${t.statements} statements)`);
  } finally {
    await server.close();
  }
}
