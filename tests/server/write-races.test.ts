import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number; status: string; deleted: boolean };

const ROUNDS = 12;

describe.each(DATABASES)('lifecycle actions sent together on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'POST' | 'DELETE', url: string, payload: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), payload: payload as object });
  const notice = async (code: string) => {
    const res = await call('POST', '/purorder/pu-notice/create', { noticeCode: code, vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '1' }] } });
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().data.id as number;
  };
  /** The stored row, deleted or not. */
  const stored = async (id: number) => (await t.database.db.selectFrom('pu_notice' as 'sysLog').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as unknown as Row;
  const action = (name: string, ids: number[]) => (name === 'deletes' ? call('DELETE', '/purorder/pu-notice/deletes', { ids }) : call('POST', `/purorder/pu-notice/${name}`, { ids }));

  it('audit and delete of one document never both succeed; the row ends as the winner left it', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await notice(`RACE-A-${round}`);
      const [audit, del] = await Promise.all([action('audit', [id]), action('deletes', [id])]);
      const wins = [audit, del].filter((r) => r.statusCode === 200);
      expect(wins, `round ${round}: ${audit.body} ${del.body}`).toHaveLength(1);
      const row = await stored(id);
      if (audit.statusCode === 200) expect([row.status, row.deleted, row.version]).toEqual(['AUDITED', false, 2]);
      else expect([row.status, row.deleted, row.version]).toEqual(['FREE', true, 2]);
      const loser = audit.statusCode === 200 ? del : audit;
      expect([400, 404, 409]).toContain(loser.statusCode);
    }
  });

  it('obsolete, audit and delete sent together: exactly one changes the document', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await notice(`RACE-B-${round}`);
      const answers = await Promise.all([action('obsolete', [id]), action('audit', [id]), action('deletes', [id])]);
      expect(answers.filter((r) => r.statusCode === 200), answers.map((r) => r.body).join(' ')).toHaveLength(1);
      expect((await stored(id)).version).toBe(2);
    }
  });

  it('a multi-row action is all or nothing: mulAudit of two documents against a delete of one of them', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const a = await notice(`RACE-C-${round}-A`);
      const b = await notice(`RACE-C-${round}-B`);
      const [audit, del] = await Promise.all([action('mulAudit', [a, b]), action('deletes', [b])]);
      expect([audit, del].filter((r) => r.statusCode === 200), `round ${round}: ${audit.body} ${del.body}`).toHaveLength(1);
      const [rowA, rowB] = [await stored(a), await stored(b)];
      if (audit.statusCode === 200) {
        expect([rowA.status, rowB.status, rowB.deleted]).toEqual(['AUDITED', 'AUDITED', false]);
      } else {
        // the audit changed neither: a is still free and unchanged, b deleted by the other request
        expect([rowA.status, rowA.version, rowB.status, rowB.deleted]).toEqual(['FREE', 1, 'FREE', true]);
      }
    }
  });

  it('an update and an audit sent together: the audited document keeps what was audited', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await notice(`RACE-D-${round}`);
      const [update, audit] = await Promise.all([
        t.app.inject({ method: 'PUT', url: '/api/purorder/pu-notice/update', headers: bearer(admin), payload: { id, version: 1, remark: '并发修改' } }),
        action('audit', [id]),
      ]);
      const row = await stored(id);
      if (audit.statusCode === 200 && update.statusCode === 200) {
        // the save came first (the audit checked the saved row): audited with the change
        expect([row.status, row.remark, row.version]).toEqual(['AUDITED', '并发修改', 3]);
      } else {
        expect([update.statusCode, audit.statusCode].filter((s) => s === 200), `${update.body} ${audit.body}`).toHaveLength(1);
        expect(row.version).toBe(2);
        if (row.status === 'AUDITED') expect(row.remark).not.toBe('并发修改');
        else expect(row.remark).toBe('并发修改');
      }
    }
  });

  // two connections at once: PostgreSQL's (the embedded database runs one transaction at a time)
  it.runIf(kind === 'postgres')('an action that deadlocks with another transaction is given up as a 409, and writes nothing', async () => {
    const [a, b] = [await notice('DEADLOCK-A'), await notice('DEADLOCK-B')];
    const waiting = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db)).rows[0].n;
    const { audit } = await t.database.db.transaction().execute(async (trx) => {
      await sql`update pu_notice set remark = '另一事务' where id = ${b}`.execute(trx);
      // sent now, answered once PostgreSQL has given up one of the two transactions
      const audit = Promise.resolve(action('mulAudit', [a, b]));
      // precondition: the audit holds a's row and waits for b's, which this transaction holds
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      expect((await sql`select id from pu_notice where id = ${a} for update skip locked`.execute(t.database.db)).rows).toEqual([]);
      // this transaction now waits for a's row: a deadlock. The audit has waited longer, so its deadlock check
      // (deadlock_timeout after it began waiting) comes first and gives the audit up; this update then goes on
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`update pu_notice set remark = '另一事务' where id = ${a}`.execute(trx);
      return { audit };
    });
    const answer = await audit;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toEqual({ success: false, code: '409', msg: '数据已被他人修改，请刷新后重试', data: null });
    // nothing of the audit was written (a was changed by it before it waited); the other transaction's change was
    for (const id of [a, b]) expect(await stored(id)).toMatchObject({ status: 'FREE', version: 1, remark: '另一事务' });
  });

  /**
   * A save whose transaction PostgreSQL gives up after its handler is done: the test's transaction takes
   * `hold` (what the save waits for after writing the document), the save is sent and seen waiting with the
   * document's row locked, then this transaction waits for that row: a deadlock, and the save (waiting
   * longer, its deadlock check comes first) is given up. `waitsIn` matches the statement the save waits in.
   */
  const deadlockAfterHandler = async (hold: string, id: number, remark: string, waitsIn: RegExp) => {
    const waiting = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db)).rows[0].n;
    const { save } = await t.database.db.transaction().execute(async (trx) => {
      await sql.raw(hold).execute(trx);
      const save = Promise.resolve(t.app.inject({ method: 'PUT', url: '/api/purorder/pu-notice/update', headers: bearer(admin), payload: { id, version: 1, remark } }));
      // precondition: the save waits with the document changed (its row locked), its handler done
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      expect((await sql<{ query: string }>`select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db)).rows[0].query).toMatch(waitsIn);
      expect((await sql`select id from pu_notice where id = ${id} for update skip locked`.execute(t.database.db)).rows).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`update pu_notice set remark = '另一事务' where id = ${id}`.execute(trx);
      return { save };
    });
    return save;
  };
  const staleAnswer = { success: false, code: '409', msg: '数据已被他人修改，请刷新后重试', data: null };

  it.runIf(kind === 'postgres')('a save given up for a deadlock while its operation-log entry is written is a 409 (not the entry\'s 500); nothing written', async () => {
    const id = await notice('DEADLOCK-LOG');
    // the entry's insert waits for this lock on sys_log
    const answer = await deadlockAfterHandler('lock table sys_log in exclusive mode', id, '日志时死锁', /^insert into "sys_log"/);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toEqual(staleAnswer);
    expect(await stored(id)).toMatchObject({ version: 1, remark: '另一事务' });
  });

  it.runIf(kind === 'postgres')('a save given up for a deadlock at its COMMIT is a 409; nothing written', async () => {
    const id = await notice('DEADLOCK-COMMIT');
    // a deferred check of the entry, run at COMMIT, that waits for an advisory lock this transaction holds
    await sql`create function wait_at_commit() returns trigger language plpgsql as $$
      begin
        if new.params::text like '%提交时死锁%' then perform pg_advisory_xact_lock(4242); end if;
        return null;
      end $$`.execute(t.database.db);
    await sql`create constraint trigger wait_at_commit after insert on sys_log deferrable initially deferred for each row execute function wait_at_commit()`.execute(t.database.db);
    try {
      const answer = await deadlockAfterHandler('select pg_advisory_xact_lock(4242)', id, '提交时死锁', /^commit$/);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toEqual(staleAnswer);
      expect(await stored(id)).toMatchObject({ version: 1, remark: '另一事务' });
    } finally {
      await sql`drop trigger wait_at_commit on sys_log; drop function wait_at_commit()`.execute(t.database.db);
    }
  });
});
