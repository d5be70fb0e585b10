import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { raceHelpers } from './support/races';
import { DATABASES, resourceTestApp } from './support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Line = { id: number; sealNo: string };

/**
 * A line table whose metadata declares a unique column (铅封明细.铅封号; no seeded line table has one): a
 * value is unique among the live lines of the organisation, as the unique index the sync builds holds it —
 * not only within one document. A save is refused naming the line and its field, never a 500, also when
 * another request is storing the value at the same moment.
 */
describe.each(DATABASES)('a unique column of a line table on %s', (kind) => {
  const api = resourceTestApp(kind);
  const { call } = api;
  const db = () => api.t.database.db as unknown as AnyDb;
  const { heldFirst, whileInserted, uniqueIndexes, refused } = raceHelpers(db);
  /** The live lines holding `seal`. */
  const holding = async (seal: string) => Number((await sql<{ n: string }>`select count(*) as n from ul_doc_line where seal_no = ${seal} and not deleted`.execute(db())).rows[0].n);
  const stored = (seal: string) => () => holding(seal);
  const create = (docNo: string, ...seals: string[]) => () => call('POST', '/transport/ul-doc/create', { docNo, children: { ul_doc_line: seals.map((sealNo) => ({ sealNo })) } });
  const made = async (docNo: string, ...seals: string[]) => {
    const res = await create(docNo, ...seals)();
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().data as { id: number; version: number };
  };
  const linesOf = async (id: number) => ((await call('GET', `/transport/ul-doc/detail/${id}`)).json().data.children.ul_doc_line as Line[]);
  const docs = async (docNo: string) => Number((await sql<{ n: string }>`select count(*) as n from ul_doc where doc_no = ${docNo} and not deleted`.execute(db())).rows[0].n);

  const synced = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/optimus_prime/cg-custom-table/create', body);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const { hash } = (await call('POST', `/optimus_prime/cg-custom-table/plan/${id}`)).json().data as { hash: string };
    const sync = await call('POST', `/optimus_prime/cg-custom-table/sync/${id}`, { hash });
    expect(sync.statusCode, sync.body).toBe(200);
  };
  beforeAll(async () => {
    await synced({
      tableName: 'ul_doc', tableExplain: '铅封单', module: 'transport', kind: 'DOCUMENT', scope: 'ORG',
      tableSubList: [{ fieldDbName: 'doc_no', fieldType: 'CHAR', length: 32, fieldExplain: '单号' }],
    });
    await synced({
      tableName: 'ul_doc_line', tableExplain: '铅封明细', module: 'transport', kind: 'LINE', scope: 'ORG', parentTable: 'ul_doc', parentKey: 'ulDocId',
      tableSubList: [
        { fieldDbName: 'ul_doc_id', fieldType: 'NUMBER', length: 18, scale: 0, fieldExplain: '铅封单' },
        { fieldDbName: 'seal_no', fieldType: 'CHAR', length: 32, fieldExplain: '铅封号', unique: true },
      ],
    });
  });

  it('a value another document\'s line holds, or a second line of the save holds: 400 naming the line and its field; nothing stored', async () => {
    await made('D1', 'S1', 'S2');
    refused(await create('D2', 'S9', 'S1')(), '铅封明细第 2 行：铅封号 S1 已存在', 'children.ul_doc_line[1].sealNo');
    refused(await create('D2', 'S3', 'S3')(), '铅封明细第 2 行：铅封号 S3 与第 1 行重复', 'children.ul_doc_line[1].sealNo');
    expect([await holding('S1'), await holding('S3'), await holding('S9'), await docs('D2')]).toEqual([1, 0, 0, 0]);
  });

  it('an update may give a new line the value of a line it deletes; not one another document holds, nor one a line it keeps holds', async () => {
    const doc = await made('U1', 'U-A', 'U-B');
    const [a, b] = await linesOf(doc.id);
    // U-A's line goes, a new line takes U-A (the document's lines are replaced: its own stored ones are not counted)
    const replaced = await call('PUT', '/transport/ul-doc/update', { id: doc.id, version: doc.version, children: { ul_doc_line: [{ id: b.id, sealNo: 'U-B' }, { sealNo: 'U-A' }] } });
    expect(replaced.json(), replaced.body).toMatchObject({ success: true });
    expect((await linesOf(doc.id)).map((l) => l.sealNo)).toEqual(['U-B', 'U-A']);
    expect(a.sealNo).toBe('U-A');
    await made('U2', 'U-C');
    const version = replaced.json().data.version as number;
    refused(await call('PUT', '/transport/ul-doc/update', { id: doc.id, version, children: { ul_doc_line: [{ id: b.id, sealNo: 'U-B' }, { sealNo: 'U-C' }] } }),
      '铅封明细第 2 行：铅封号 U-C 已存在', 'children.ul_doc_line[1].sealNo');
    // the line kept by its id (its 铅封号 not sent) still holds U-B
    refused(await call('PUT', '/transport/ul-doc/update', { id: doc.id, version, children: { ul_doc_line: [{ id: b.id }, { sealNo: 'U-B' }] } }),
      '铅封明细第 2 行：铅封号 U-B 已存在', 'children.ul_doc_line[1].sealNo');
    expect([await holding('U-A'), await holding('U-B'), await holding('U-C')]).toEqual([1, 1, 1]);
  });

  it('two kept lines swapping their values, or a line (kept or new) taking the value a kept line gives up: saved, one holder each', async () => {
    const doc = await made('SW1', 'SW-X', 'SW-Y', 'SW-Z');
    const [a, b, c] = await linesOf(doc.id);
    // X and Y swapped, Z given up for W; then the first line takes W and the third Y
    const swapped = await call('PUT', '/transport/ul-doc/update', { id: doc.id, version: doc.version, children: { ul_doc_line: [{ id: a.id, sealNo: 'SW-Y' }, { id: b.id, sealNo: 'SW-X' }, { id: c.id, sealNo: 'SW-W' }] } });
    expect(swapped.json(), swapped.body).toMatchObject({ success: true });
    expect((await linesOf(doc.id)).map((l) => [l.id, l.sealNo])).toEqual([[a.id, 'SW-Y'], [b.id, 'SW-X'], [c.id, 'SW-W']]);
    const version = swapped.json().data.version as number;
    const rotated = await call('PUT', '/transport/ul-doc/update', { id: doc.id, version, children: { ul_doc_line: [{ id: a.id, sealNo: 'SW-W' }, { id: b.id }, { id: c.id, sealNo: 'SW-Y' }] } });
    expect(rotated.json(), rotated.body).toMatchObject({ success: true });
    expect((await linesOf(doc.id)).map((l) => [l.id, l.sealNo])).toEqual([[a.id, 'SW-W'], [b.id, 'SW-X'], [c.id, 'SW-Y']]);
    // a new line, sent first, takes the value the first line gives up
    const taken = await call('PUT', '/transport/ul-doc/update', { id: doc.id, version: rotated.json().data.version, children: { ul_doc_line: [{ sealNo: 'SW-W' }, { id: a.id, sealNo: 'SW-V' }, { id: b.id }, { id: c.id }] } });
    expect(taken.json(), taken.body).toMatchObject({ success: true });
    expect((await linesOf(doc.id)).map((l) => l.sealNo)).toEqual(['SW-V', 'SW-X', 'SW-Y', 'SW-W']);
    expect([await holding('SW-V'), await holding('SW-W'), await holding('SW-X'), await holding('SW-Y'), await holding('SW-Z')]).toEqual([1, 1, 1, 1, 0]);
  });

  it('a deleted document\'s lines hold nothing', async () => {
    const doc = await made('X1', 'X-1');
    expect((await call('DELETE', '/transport/ul-doc/deletes', { ids: [doc.id] })).json()).toMatchObject({ success: true });
    await made('X2', 'X-1');
    expect(await holding('X-1')).toBe(1);
  });

  it.runIf(kind === 'postgres')('two documents saved at once with one value: the second waits for the first, then 400 naming its line; one line', async () => {
    expect(await uniqueIndexes('ul_doc_line')).toEqual(['ul_doc_line_seal_no_uniq_idx']);
    const [first, second] = await heldFirst(create('R1', 'S-RACE'), create('R2', 'R-FREE', 'S-RACE'), stored('S-RACE'));
    expect(first.json(), first.body).toMatchObject({ success: true });
    refused(second, '铅封明细第 2 行：铅封号 S-RACE 已存在', 'children.ul_doc_line[1].sealNo');
    expect([await holding('S-RACE'), await docs('R2')]).toEqual([1, 0]);
  });

  it.runIf(kind === 'postgres')('a save waiting on the unique index for a line another transaction is storing: 400 naming its line', async () => {
    const doc = await made('W1', 'W-0');
    // another process's line, in the administrator's organisation, on a document of it
    const otherProcess = (trx: AnyDb) =>
      sql`insert into ul_doc_line (org_id, group_id, ul_doc_id, seal_no) select o.id, o.group_id, ${doc.id}, 'S-RAW' from sys_user u join sys_org o on o.id = u.current_org_id where u.username = 'admin'`.execute(trx);
    refused(await whileInserted(otherProcess, create('W2', 'S-RAW'), stored('S-RAW')), '铅封明细第 1 行：铅封号 S-RAW 已存在', 'children.ul_doc_line[0].sealNo');
    expect([await holding('S-RAW'), await docs('W2')]).toEqual([1, 0]);
  });
});
