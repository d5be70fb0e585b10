import { sql } from 'kysely';
import type { LiveValue } from '../src/schema/weigh';
import { WeighStation } from '../server/weigh/station/station';
import { deviceServer } from '../tests/server/support/device-server';
import { startBenchServer } from './bench-server';
import { ms, percentile } from './stats';

/** The simulated indicator's port (this benchmark's own). */
const PORT = 8157;

/** Follows a scale's SSE stream as a browser does; answers the stop function. */
function follow(url: string, token: string, onValue: (v: LiveValue, receivedAt: number) => void): () => void {
  const controller = new AbortController();
  void (async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const event = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (event.startsWith('data: ')) onValue(JSON.parse(event.slice(6)) as LiveValue, Date.now());
      }
    }
  })().catch(() => undefined);
  return () => controller.abort();
}

/**
 * `npm run bench -- weigh`: an indicator (a TCP device server sending Yaohua tF=0 frames at 10 Hz)
 * read by the station on the embedded database, a browser-like SSE client, and the weigher's calls.
 * - live value: from the frame leaving the device server to the SSE event at the client, p95;
 * - capture: from the weight becoming stable (the stable frame read) to the weigh record saved (the
 *   client captures as soon as it sees the stable value), p95.
 */
export async function benchWeigh(): Promise<void> {
  let scaleId = 0;
  const server = await startBenchServer(async (database) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a metadata-described table
    const any = database.db as any;
    await any.updateTable('mm_scale').set({ enabled: false }).execute();
    const org = await database.db.selectFrom('sysOrg').select(['id', 'groupId']).where('orgName', '=', '东方能源有限公司').executeTakeFirstOrThrow();
    const row = await any.insertInto('mm_scale').values({
      orgId: org.id, groupId: org.groupId, scaleCode: 'BENCH', scaleName: '基准秤', station: '基准磅房', protocol: 'yaohua-tf0',
      connection: `127.0.0.1:${PORT}`, division: 20, maxCapacity: 100_000, stableWindow: 1,
    }).returning('id').executeTakeFirstOrThrow();
    scaleId = Number(row.id);
  });
  const sent = new Map<number, number>();
  const device = deviceServer(PORT, 'yaohua-tf0', (weight, at) => { if (!sent.has(weight)) sent.set(weight, at); });
  await device.listen();
  const station = new WeighStation({ db: server.database.db, owner: 'bench' });
  server.app.svc.weigh = station;
  await station.start();
  const auth = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown) => (await fetch(`${server.base}/api${url}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })).json();
  try {
    // live values: a new weight every frame for 30 s
    const delays: number[] = [];
    const stopLive = follow(`${server.base}/api/measure/weigh/live/${scaleId}`, server.token, (v, receivedAt) => {
      const at = v.weight === null ? undefined : sent.get(v.weight);
      if (at !== undefined && v.weight! >= 20_000) { delays.push(receivedAt - at); sent.delete(v.weight!); }
    });
    await new Promise((r) => setTimeout(r, 500));
    device.show(...Array.from({ length: 300 }, (_, i) => 20_000 + 20 * i));
    await new Promise((r) => setTimeout(r, 30_500));
    stopLive();
    console.log(`live value, device server → SSE client (${delays.length} values at 10 Hz): p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, max ${ms(Math.max(...delays))}`);

    // captures: every registry of the company, purchase (gross first) and sale (tare first)
    const org = await server.database.db.selectFrom('sysOrg').select('id').where('orgName', '=', '东方能源有限公司').executeTakeFirstOrThrow();
    const visits: { kind: 'PU' | 'SA'; registryId: number }[] = [];
    for (const [kind, table] of [['PU', 'pu_registry'], ['SA', 'sa_registry']] as const) {
      const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where org_id = ${org.id} and deleted = false order by id`.execute(server.database.db);
      for (const r of rows.rows) visits.push({ kind, registryId: Number(r.id) });
    }
    const times: number[] = [];
    let latest: LiveValue | null = null;
    const stopCapture = follow(`${server.base}/api/measure/weigh/live/${scaleId}`, server.token, (v) => { latest = v; });
    for (const [i, v] of visits.entries()) {
      for (const step of ['queue', 'updateCall']) await post(`/flow/inf/${step}`, v);
      await post('/flow/inf/door', { ...v, direction: 'IN' });
      const weight = 30_000 + 20 * i;
      device.show(weight - 400, weight + 300);
      await new Promise((r) => setTimeout(r, 600));
      device.show(weight);
      // the client captures as soon as it sees the stable value
      const stable = await new Promise<LiveValue>((resolve) => {
        const t = setInterval(() => {
          const l = latest as LiveValue | null;
          if (l && l.stable && l.weight === weight) { clearInterval(t); resolve(l); }
        }, 1);
      });
      const answer = await post('/flow/inf/weigh', { ...v, scaleId, type: v.kind === 'PU' ? 'GROSS' : 'TARE' });
      if (!answer.success) throw new Error(answer.msg);
      times.push(Date.now() - stable.at);
    }
    stopCapture();
    console.log(`capture, weight stable → weigh record saved (${times.length} trucks): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}`);
  } finally {
    await station.stop();
    await device.close();
    await server.close();
  }
}
