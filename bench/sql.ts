import { checkSql, sqlParserReady } from '../server/sql/check';
import { seedBenchWeighs } from '../server/seed/bench-weighs';
import { sql } from 'kysely';
import { loadTimes, measure, startBenchServer, type BenchCall } from './bench-server';
import { ms, percentile } from './stats';

const CONCURRENCY = 10;
const REQUESTS = 200;

/** A 50-line statement of the kind a report holds: CTEs, joins, a window, CASE, parameters. */
function fiftyLines(): string {
  const lines = [
    'with base as (',
    '  select w.id, w.vendor_name, w.material_name, w.gross, w.tare, w.net, w.deduct, w.gross_time',
    '  from mm_pu_weigh w',
    '  where w.gross_time >= :startDate',
    '    and w.gross_time < :endDate',
    '), per_day as (',
    "  select date_trunc('day', b.gross_time)::date as day, b.material_name as material,",
    '         count(*) as trucks, sum(b.net) as net, sum(b.deduct) as deduct',
    '  from base b',
    '  group by 1, 2',
    ')',
    'select d.day,',
    '       d.material,',
    '       d.trucks,',
    '       d.net,',
    '       d.deduct,',
    '       round(d.net / nullif(d.trucks, 0), 3) as avg_net,',
    '       sum(d.net) over (partition by d.material order by d.day) as running_net,',
    '       rank() over (partition by d.day order by d.net desc) as rank_in_day,',
    '       case when d.net > 1000 then \'大\'',
    "            when d.net > 100 then '中'",
    "            else '小' end as size_class,",
    '       coalesce(v.vendor_name, \'-\') as top_vendor',
    'from per_day d',
    'left join lateral (',
    '  select b.vendor_name',
    '  from base b',
    "  where date_trunc('day', b.gross_time)::date = d.day",
    '    and b.material_name = d.material',
    '  group by b.vendor_name',
    '  order by sum(b.net) desc',
    '  limit 1',
    ') v on true',
    'where d.trucks > 0',
    '  and d.material is not null',
    '  and (d.net between 0 and 1e9)',
    '  and d.day in (',
    '    select distinct day',
    '    from per_day',
    '    where trucks >= 1',
    '  )',
    '  and not exists (',
    '    select 1 from as_vendor x',
    "    where x.vendor_name = 'nobody'",
    '      and x.org_id = :currentOrg',
    '  )',
    'order by d.day desc,',
    '         d.material,',
    '         rank_in_day',
  ];
  while (lines.length < 50) lines.push('-- note');
  return lines.join('\n');
}

/**
 * SQL data sources: the seeded 日报 over the 200,000-row weigh table (plus the demo's 600) through
 * its list endpoint at concurrency 10, as the report's LIST screen calls it; then the parse-and-check
 * time of a 50-line statement.
 */
export async function benchSql(): Promise<void> {
  await sqlParserReady();
  const text = fiftyLines();
  const options = { tables: new Set(['mm_pu_weigh', 'as_vendor']), declared: [{ name: 'startDate', type: 'date' as const }, { name: 'endDate', type: 'date' as const }] };
  for (let i = 0; i < 200; i++) checkSql(text, options);
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    checkSql(text, options);
    times.push(performance.now() - t0);
  }
  console.log(`parse and check a ${text.split('\n').length}-line statement: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} (target ≤ 5 ms)`);

  const server = await startBenchServer(async (database) => {
    const org = await database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
    const rows = await seedBenchWeighs(database.db, org.id, 200_000);
    console.log(`data set: ${rows} weigh records in one organisation`);
  });
  try {
    // the report read by 财务 through its template (the menu grant); 运行 needs an administrator (custom_table_edit)
    const login = async (username: string) => {
      const res = await fetch(`${server.base}/api/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username, password: 'Demo@2026' }),
      });
      return (await res.json()).data.access_token as string;
    };
    const adminToken = await login('admin');
    const financeToken = await login('finance');
    const tplId = (await server.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'rpt_daily_weigh_list').executeTakeFirstOrThrow()).id;
    const call = (url: string, body: object, token = financeToken): BenchCall => ({
      url: `${server.base}${url}`, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const cases: [string, BenchCall][] = [
      ['日报 list, first page (20 rows, total and sums)', call('/api/optimus_prime/cg-sql-source/rpt_daily_weigh/list', { limit: { pn: 1, ps: 20 }, tplId })],
      ['日报 list, one material, sorted by net', call('/api/optimus_prime/cg-sql-source/rpt_daily_weigh/list', { search: [{ key: 'material', op: 'like', val: '煤' }], sort: [{ key: 'net', dir: 'desc' }], limit: { pn: 1, ps: 20 }, tplId })],
      ['日报 run (运行: first 200 rows, count)', call('/api/optimus_prime/cg-sql-source/run', { sql: (await server.database.db.selectFrom('cgSqlSource').select('sqlText').where('code', '=', 'rpt_daily_weigh').executeTakeFirstOrThrow()).sqlText, params: [{ name: 'startDate', type: 'date' }, { name: 'endDate', type: 'date' }] }, adminToken)],
    ];
    const first = await fetch(cases[0][1].url, { method: 'POST', headers: cases[0][1].headers, body: cases[0][1].body });
    const answer = await first.json();
    if (!answer.success) throw new Error(`日报 failed: ${JSON.stringify(answer)}`);
    console.log(`日报 rows: ${answer.data.total} (days × materials), trucks ${answer.data.tongji.trucks}`);
    for (const [, c] of cases) await measure(2 * CONCURRENCY, CONCURRENCY, c);
    for (const [name, c] of cases) {
      const r = await measure(REQUESTS, CONCURRENCY, c);
      console.log(`${name}, concurrency ${CONCURRENCY}: p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)} (target p95 ≤ 200 ms)`);
    }
    // a write to the weigh table: the next calls run the statement again (once, shared by the callers waiting for it)
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      await sql`update mm_pu_weigh set updated_at = now() where id = (select max(id) from mm_pu_weigh)`.execute(server.database.db);
      times.push(...await loadTimes(CONCURRENCY, CONCURRENCY, cases[0][1]));
    }
    console.log(`日报 list first page right after a write (the statement runs again), ${CONCURRENCY} calls after each of 10 writes: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))}`);
  } finally {
    await server.close();
  }
}
