import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGliteThread, WATCHDOG_CODE } from './pglite-thread';

describe('the embedded database thread’s watchdog', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-watchdog-'));
  let thread: PGliteThread | undefined;
  afterAll(async () => {
    await thread?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops a runaway statement by restarting the thread from its files: the statements in flight fail, committed data stays', async () => {
    thread = await PGliteThread.start({ dataDir: dir, timezone: 'UTC' });
    await thread.query('create table kept (a int); insert into kept values (1), (2)', [], false);
    let fired = false;
    const started = Date.now();
    // PGlite runs this to its end whatever statement_timeout says (minutes): only the watchdog stops it
    const runaway = thread.query('select count(*) from generate_series(1, $1::bigint) a, generate_series(1, 100000) b', [100_000_000], false, { watchdogMs: 500, fired: () => { fired = true; } })
      .then(() => null, (error: Error & { code?: string }) => error);
    const waiting = thread.query('select 1 as one where $1', [true], false).then(() => null, (error: Error & { code?: string }) => error);
    const error = await runaway;
    expect(fired).toBe(true);
    expect(error?.code).toBe(WATCHDOG_CODE);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect((await waiting)?.code).toBe(WATCHDOG_CODE);
    const after = await thread.query('select a from kept where a > $1 order by a', [0], false, { fields: true });
    expect(after.rows).toEqual([{ a: 1 }, { a: 2 }]);
    expect(after.fields).toEqual([{ name: 'a', dataTypeID: 23 }]);
  }, 180_000);
});
