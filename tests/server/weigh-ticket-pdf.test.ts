import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

/** The text of a PDF, read back as a reader would extract it. */
async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe.each(DATABASES)('the weigh ticket as PDF (printByServer) on %s', (kind) => {
  let t: TestApp;
  let weigher: string;
  const pdf = (body: object, token = weigher) => t.app.inject({ method: 'POST', url: '/api/print/weigh/printByServer', headers: bearer(token), payload: body });
  /** The n-th weigh record of an organisation, completed with a known ticket number. */
  const completed = async (orgCode: string, n: number, billCode: string, status = 'DONE') => {
    const org = await t.database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow();
    const rows = await sql<{ id: number }>`select id from mm_pu_weigh where org_id = ${org.id} and deleted = false order by id`.execute(t.database.db);
    const id = Number(rows.rows[n].id);
    await sql`update mm_pu_weigh set bill_code = ${billCode}, plate_number = '蒙KPDF01', material_name = '原煤', gross = 40, tare = 15, net = 25, settle_weight = 24.5,
      gross_time = ${new Date('2026-11-24T01:00:00Z')}, tare_time = ${new Date('2026-11-24T01:30:00Z')}, weigh_status = ${status} where id = ${id}`.execute(t.database.db);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    weigher = (await t.login('weigher')).access;
  });
  afterAll(async () => { await t.close(); });

  it('answers a PDF holding the ticket (number, plate, weights in Chinese) and counts it as a print; the second says 补打', async () => {
    const id = await completed('DFNY', 0, 'CB20261124-0042');
    const first = await pdf({ kind: 'PU', id });
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(first.rawPayload);
    for (const shown of ['东方能源有限公司 采购磅单', 'CB20261124-0042', '蒙KPDF01', '原煤', '结算重量(吨)', '24.5']) expect(text).toContain(shown);
    expect(text).not.toContain('补打');
    // the embedded font is a subset: a ticket stays small
    expect(first.rawPayload.length).toBeLessThan(200_000);

    const second = await pdf({ kind: 'PU', id, width: '80mm' });
    expect(await textOf(second.rawPayload)).toContain('补打（第 2 份）');
    const prints = await t.app.inject({ method: 'GET', url: `/api/flow/inf/reg-weigh-print/${id}?kind=PU`, headers: bearer(weigher) });
    expect(prints.json().data.map((p: { copyNo: number }) => p.copyNo)).toEqual([1, 2]);
  });

  it('sends the PDF only once its print is committed with its log entry: a print whose entry fails is neither answered nor counted', async () => {
    const id = await completed('DFNY', 2, 'CB20261124-0045');
    const counted = async () => (await t.app.inject({ method: 'GET', url: `/api/flow/inf/reg-weigh-print/${id}?kind=PU`, headers: bearer(weigher) })).json().data.length;
    // precondition: a print is answered and counted at once
    expect((await pdf({ kind: 'PU', id })).statusCode).toBe(200);
    expect(await counted()).toBe(1);
    await sql`create function refuse_print_log() returns trigger language plpgsql as $$
      begin raise exception 'log entry refused'; end $$`.execute(t.database.db);
    await sql`create trigger refuse_print_log before insert on sys_log for each row when (new.title = '打印磅单(PDF)') execute function refuse_print_log()`.execute(t.database.db);
    try {
      const refused = await pdf({ kind: 'PU', id });
      expect(refused.statusCode).toBe(500);
      expect(refused.headers['content-type']).not.toBe('application/pdf');
      expect(await counted()).toBe(1);
    } finally {
      await sql`drop trigger refuse_print_log on sys_log`.execute(t.database.db);
      await sql`drop function refuse_print_log()`.execute(t.database.db);
    }
  });

  it('refuses an unfinished ticket, another company\'s ticket and a bad width', async () => {
    const open = await completed('DFNY', 1, 'CB20261124-0043', 'GROSS');
    const unfinished = await pdf({ kind: 'PU', id: open });
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json()).toMatchObject({ msg: '磅单未完成称重，不能打印', data: { field: 'id' } });
    const foreign = await completed('HBGT', 0, 'CB20261124-0044');
    expect((await pdf({ kind: 'PU', id: foreign })).statusCode).toBe(404);
    expect((await pdf({ kind: 'PU', id: open, width: 'A4' })).statusCode).toBe(400);
  });
});
