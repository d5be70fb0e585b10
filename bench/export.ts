import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { seedBenchWeighs } from '../server/seed/bench-weighs';
import { startBenchServer } from './bench-server';

const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

/** The collector, exposed for this measurement only. */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Peak RSS above its level at the start (the server runs in this process), sampled every 20 ms,
 * and the peak of the live JS heap (collected every 200 ms, so garbage does not count).
 */
function memoryWatch(gc: (() => void) | null) {
  gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
    if (gc && ticks % 10 === 0) {
      gc();
      heap = Math.max(heap, process.memoryUsage().heapUsed);
    }
    rss = Math.max(rss, process.memoryUsage().rss);
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return `peak RSS +${mb(rss - start.rss)}${gc ? `, live JS heap peak +${mb(heap - start.heapUsed)}` : ''}`;
    },
  };
}

/** Data rows of a workbook on disk, read with the streaming reader so the count costs no memory. */
async function countRows(file: string): Promise<number> {
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' })) {
    for await (const _row of sheet) rows += 1;
  }
  return rows - 1;
}

/**
 * Export of the weigh records over 200,600 rows on PGlite as a weigher: the whole set in the list's
 * default order, sorted by a column without an index, and read by a slow client. Prints rows, seconds, file size and the
 * peak memory above the starting level (server and client share this process; the client writes
 * the file to disk as it arrives). `npm run bench -- export`.
 */
export async function benchExport(): Promise<void> {
  const server = await startBenchServer(async (database) => {
    const org = await database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
    const t0 = Date.now();
    const rows = await seedBenchWeighs(database.db, org.id, 200_000);
    console.log(`data set: ${rows} weigh records in one organisation (made in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  let gc: (() => void) | null = null;
  try { gc = exposeGc(); } catch { /* figures without the live heap */ }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-export-bench-'));
  try {
    const tpl = await server.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'mm_pu_weigh_list').executeTakeFirstOrThrow();
    const cases: [string, object, number][] = [
      ['a tenth of the set (plate like B1)', { search: [{ key: 'plateNumber', op: 'like', val: 'B1' }] }, 0],
      ['whole set, default order', {}, 0],
      ['whole set, sorted by net (no index)', { sort: [{ key: 'net', dir: 'desc' }] }, 0],
      ['whole set, a slow client (pauses after each chunk)', {}, 2 * MB],
    ];
    for (const [name, body, rate] of cases) {
      const file = path.join(dir, 'export.xlsx');
      const watch = memoryWatch(gc);
      const started = performance.now();
      const res = await fetch(`${server.base}/api/measure/mm-pu-weigh/export`, {
        method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...body, tplId: tpl.id }),
      });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      let firstByte = 0;
      const first = new Transform({
        transform(chunk: Buffer, _enc, done) {
          firstByte ||= performance.now() - started;
          if (rate) setTimeout(() => done(null, chunk), (chunk.length / rate) * 1000);
          else done(null, chunk);
        },
      });
      await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), first, fs.createWriteStream(file));
      const seconds = (performance.now() - started) / 1000;
      const memory = watch.stop();
      const rows = await countRows(file);
      const size = fs.statSync(file).size;
      const pace = rate ? `, client read at ${mb(size / seconds)}/s` : '';
      console.log(`export ${name}: ${rows} rows (X-Total-Count ${res.headers.get('x-total-count')}) in ${seconds.toFixed(1)} s `
        + `(first byte ${(firstByte / 1000).toFixed(1)} s), file ${mb(size)}${pace}, ${memory}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
}
