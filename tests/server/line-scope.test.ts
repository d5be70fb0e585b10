import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, resourceTestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };
type Doc = Row & { children: Record<string, Row[]> };

/** The line resources of the seed: where they live, their document and the column naming it. */
const LINES = [
  { base: '/purorder/pu-notice-line', table: 'pu_notice_line', doc: 'pu_notice', docBase: '/purorder/pu-notice', parentKey: 'noticeId', parentCol: 'notice_id', title: '采购通知单' },
  { base: '/purorder/fd-pu-settlement', table: 'fd_pu_settlement', doc: 'fd_pu_settlement_main', docBase: '/purorder/fd-pu-settlement-main', parentKey: 'settleId', parentCol: 'settle_id', title: '采购结算单' },
  { base: '/purorder/pu-registry-sub', table: 'pu_registry_sub', doc: 'pu_registry', docBase: '/purorder/pu-registry', parentKey: 'registryId', parentCol: 'registry_id', title: '采购登记' },
] as const;

describe.each(DATABASES)('line resources are part of their document on %s', (kind) => {
  const api = resourceTestApp(kind);
  const { call } = api;
  let dfny: number;
  let hbgt: number;
  beforeAll(async () => {
    const orgs = await api.t.database.db.selectFrom('sysOrg').select(['id', 'orgCode']).execute();
    dfny = orgs.find((o) => o.orgCode === 'DFNY')!.id;
    hbgt = orgs.find((o) => o.orgCode === 'HBGT')!.id;
    expect((await call('GET', '/sys-info/me')).json().data.currentOrgName).toBe('东方能源有限公司');
  });

  const db = () => api.t.database.db;
  /** A document of the table in an organisation that has lines, straight from the database. */
  const docWithLines = async (l: (typeof LINES)[number], orgId: number) => {
    const { rows } = await sql<{ id: number }>`select d.id from ${sql.table(l.doc)} d where d.org_id = ${orgId} and not d.deleted
      and exists (select 1 from ${sql.table(l.table)} x where x.${sql.ref(l.parentCol)} = d.id and not x.deleted) order by d.id limit 1`.execute(db());
    expect(rows, `${l.doc} of org ${orgId}`).toHaveLength(1);
    return Number(rows[0].id);
  };
  const linesOf = async (l: (typeof LINES)[number], docId: number) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(l.table)}
    where ${sql.ref(l.parentCol)} = ${docId} and not deleted`.execute(db())).rows[0].n);

  it.each(LINES)('a line route writes nothing, not even onto another company’s document: $base', async (l) => {
    const foreign = await docWithLines(l, hbgt);
    const own = await docWithLines(l, dfny);
    const [foreignBefore, ownBefore] = [await linesOf(l, foreign), await linesOf(l, own)];
    const refused = `${l.title}明细随其单据保存`;
    for (const parent of [foreign, own]) {
      const res = await call('POST', `${l.base}/create`, { [l.parentKey]: parent, invName: '原煤', materialName: '原煤', planQty: '1' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(`${refused}，不能单独新增，请保存${l.title}`);
    }
    const [ownLine] = (await call('GET', `${l.docBase}/detail/${own}`)).json().data.children[l.table] as Row[];
    const attempts: [string, string, object, string][] = [
      ['PUT', 'update', { id: ownLine.id, version: ownLine.version, [l.parentKey]: foreign }, '修改'],
      ['PUT', 'update', { id: ownLine.id, version: ownLine.version, remark: 'x' }, '修改'],
      ['DELETE', 'deletes', { ids: [ownLine.id] }, '删除'],
      ['POST', 'datax', { rows: [{ [l.parentKey]: foreign }] }, '同步'],
      ['POST', 'disable', { ids: [ownLine.id] }, '停用'],
    ];
    for (const [method, action, body, what] of attempts) {
      const res = await call(method as 'PUT', `${l.base}/${action}`, body);
      expect(res.statusCode, `${action} ${res.body}`).toBe(400);
      expect(res.json().msg).toBe(`${refused}，不能单独${what}，请保存${l.title}`);
    }
    expect([await linesOf(l, foreign), await linesOf(l, own)]).toEqual([foreignBefore, ownBefore]);
    const stored = await db().selectFrom(l.table as 'sysLog').selectAll().where('id', '=', ownLine.id).executeTakeFirstOrThrow() as unknown as Row;
    expect([Number(stored[l.parentKey]), stored.version, stored.deleted, stored.enabled]).toEqual([own, ownLine.version, false, true]);
  });

  it.each(LINES)('reads a line only through a document of the current company: $base', async (l) => {
    const foreign = await docWithLines(l, hbgt);
    const own = await docWithLines(l, dfny);
    // a line carrying this company but hanging on another company's document (what a line route used to allow)
    const columns = (await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${l.table} and column_name <> 'id'`.execute(db())).rows.map((r) => r.name);
    const planted = Number((await sql<{ id: number }>`insert into ${sql.table(l.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(columns.map((c) => (c === l.parentCol ? sql`${foreign}` : sql.ref(c))))} from ${sql.table(l.table)}
      where ${sql.ref(l.parentCol)} = ${own} and not deleted limit 1 returning id`.execute(db())).rows[0].id);
    const { rows: [check] } = await sql<{ orgId: number }>`select org_id from ${sql.table(l.table)} where id = ${planted}`.execute(db());
    expect(Number(check.orgId)).toBe(dfny);

    const listed = (await call('POST', `${l.base}/list`, { limit: { pn: 1, ps: 1000 } })).json().data as { list: Row[]; total: number };
    expect(listed.list.map((r) => r.id)).not.toContain(planted);
    expect(listed.list.every((r) => Number(r[l.parentKey]) !== foreign)).toBe(true);
    expect(listed.list.some((r) => Number(r[l.parentKey]) === own)).toBe(true);
    expect((await call('GET', `${l.base}/detail/${planted}`)).statusCode).toBe(404);
    expect((await call('GET', `${l.base}/copy/${planted}`)).statusCode).toBe(404);
    const exported = await call('POST', `${l.base}/export`, { search: [{ key: 'id', op: 'eq', val: planted }] });
    expect(exported.headers['x-total-count']).toBe('0');
  });

  it('a deleted document takes its lines with it', async () => {
    const made = (await call('POST', '/purorder/pu-notice/create', {
      noticeCode: 'LS-0001', vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '1' }, { invName: '精煤', planQty: '2' }] },
    })).json().data as Row;
    const lineIds = ((await call('GET', `/purorder/pu-notice/detail/${made.id}`)).json().data as Doc).children.pu_notice_line.map((r) => r.id);
    expect((await call('GET', `/purorder/pu-notice-line/detail/${lineIds[0]}`)).statusCode).toBe(200);
    expect((await call('DELETE', '/purorder/pu-notice/deletes', { ids: [made.id] })).json()).toMatchObject({ success: true });
    for (const id of lineIds) expect((await call('GET', `/purorder/pu-notice-line/detail/${id}`)).statusCode).toBe(404);
    const { rows } = await sql<{ deleted: boolean }>`select deleted from pu_notice_line where notice_id = ${made.id}`.execute(db());
    expect(rows.map((r) => r.deleted)).toEqual([true, true]);
  });

  it('through its document: an audited document’s lines cannot change, a line cannot move to another document, one line in single-child mode', async () => {
    const make = async (code: string) => (await call('POST', '/purorder/pu-notice/create', {
      noticeCode: code, vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '1' }] },
    })).json().data as Row;
    const a = await make('LS-0010');
    const b = await make('LS-0011');
    const [lineA] = ((await call('GET', `/purorder/pu-notice/detail/${a.id}`)).json().data as Doc).children.pu_notice_line;
    const moved = await call('PUT', '/purorder/pu-notice/update', { id: a.id, version: a.version, children: { pu_notice_line: [{ ...lineA, noticeId: b.id }] } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ msg: '通知单不允许修改：明细不能移到另一张单据', data: { field: 'children.pu_notice_line[0].noticeId' } });
    const planted = await call('PUT', '/purorder/pu-notice/update', { id: a.id, version: a.version, children: { pu_notice_line: [{ ...lineA }, { invName: '精煤', planQty: '1', noticeId: b.id }] } });
    expect(planted.json()).toMatchObject({ data: { field: 'children.pu_notice_line[1].noticeId' } });
    expect([await linesOf(LINES[0], a.id), await linesOf(LINES[0], b.id)]).toEqual([1, 1]);

    expect((await call('POST', '/purorder/pu-notice/audit', { ids: [a.id] })).json()).toMatchObject({ success: true });
    const audited = await call('PUT', '/purorder/pu-notice/update', { id: a.id, version: a.version + 1, children: { pu_notice_line: [{ ...lineA, planQty: '9' }] } });
    expect(audited.statusCode).toBe(400);
    expect(audited.json().msg).toMatch(/^通知单号 CGTZ\d{8}-\d{4}：已审核的单据不能修改$/);
    expect((await db().selectFrom('pu_notice_line' as 'sysLog').selectAll().where('id', '=', lineA.id).executeTakeFirstOrThrow() as unknown as Row).planQty).toBe('1.000');

    const registry = (await call('POST', '/purorder/pu-registry/list', { search: [{ key: 'status', op: 'eq', val: 'FREE' }], limit: { pn: 1, ps: 1 } })).json().data.list[0] as Row;
    const doc = (await call('GET', `/purorder/pu-registry/detail/${registry.id}`)).json().data as Doc;
    const [only] = doc.children.pu_registry_sub;
    const { id: _id, version: _v, ...second } = only;
    const two = await call('PUT', '/purorder/pu-registry/update', { ...doc, children: { pu_registry_sub: [only, { ...second, createdBy: undefined, createdByName: undefined, createdAt: undefined, updatedBy: undefined, updatedAt: undefined, orgId: undefined, groupId: undefined, status: undefined, enabled: undefined, deleted: undefined }] } });
    expect(two.statusCode).toBe(400);
    expect(two.json().msg).toBe('采购登记明细：只能有一条子表信息');
  });
});
