import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTemplate, execute, openDesigner, takeEntries, undo, type DesignerState, type HistoryEntry } from '../../src/designer/engine/designer';
import { contentHash } from '../../src/schema/canonical';
import { parseTemplate } from '../../src/schema/parse-template';
import type { Template } from '../../src/schema/template';
import type { DiffEntry } from '../../src/schema/template-diff';
import { createFormatApp, type FormatApp } from './support/format-app';
import { DATABASES, type TestApp } from './support/test-app';

interface Version { versionNo: number; contentHash: string; author: string; note: string | null; rollbackOf: number | null; createdAt: string }

describe.each(DATABASES)('模板版本、历史、导入导出 on %s', (kind) => {
  let f: FormatApp;
  let t: TestApp;
  let admin: string;
  let assayer: string;
  let weigher: string;
  let vehicleFormId: number;
  beforeAll(async () => {
    f = await createFormatApp(kind);
    ({ t, admin, weigher, assayer } = f);
    vehicleFormId = await idOf('as_vehicle_form');
  });
  afterAll(async () => { await t?.close(); });

  const call: FormatApp['call'] = (...args) => f.call(...args);
  const data = <T,>(...args: Parameters<FormatApp['call']>) => f.data<T>(...args);
  const idOf = (code: string) => f.idOf(code);
  const draftOf = (id: number) => f.draftOf(id);
  const publishedOf = (id: number) => f.publishedOf(id);
  const versions = async (id: number) => (await data<{ list: Version[] }>('GET', `/optimus_prime/cg-format/versions/${id}`)).list;
  const ok = (out: ReturnType<typeof execute>): DesignerState => {
    if (!out.ok) throw new Error(out.refusal.message);
    return out.state;
  };
  const open = async (id: number) => {
    const record = await draftOf(id);
    const { entries } = await data<{ entries: HistoryEntry[] }>('GET', `/optimus_prime/cg-format/history/${id}`);
    return { record, state: openDesigner(parseTemplate(record.draft), entries) };
  };
  const save = async (id: number, version: number, state: DesignerState, token = admin) => {
    const { entries } = takeEntries(state);
    return call('PUT', `/optimus_prime/cg-format/draft/${id}`, { version, draft: currentTemplate(state), history: entries }, token);
  };

  it('refuses the endpoints to a user without the template keys, and publishing and rollback to one who may only edit', async () => {
    // precondition: the assayer may read the versions and save a draft with history
    expect((await call('GET', `/optimus_prime/cg-format/versions/${vehicleFormId}`, undefined, assayer)).statusCode).toBe(200);
    expect((await call('GET', `/optimus_prime/cg-format/history/${vehicleFormId}`, undefined, assayer)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/optimus_prime/cg-format/history/${vehicleFormId}`, undefined], ['GET', `/optimus_prime/cg-format/versions/${vehicleFormId}`, undefined],
      ['GET', `/optimus_prime/cg-format/version/${vehicleFormId}/1`, undefined], ['GET', `/optimus_prime/cg-format/diff/${vehicleFormId}?from=1&to=draft`, undefined],
      ['GET', `/optimus_prime/cg-format/export/${vehicleFormId}`, undefined], ['GET', `/optimus_prime/cg-format/impact/${vehicleFormId}`, undefined],
      ['POST', '/optimus_prime/cg-format/import', { template: {} }], ['POST', `/optimus_prime/cg-format/copy/${vehicleFormId}`, { formatCode: 'x', formatName: 'x' }],
      ['POST', `/optimus_prime/cg-format/rollback/${vehicleFormId}/1`, { version: 1 }], ['POST', `/optimus_prime/cg-format/dry-run/${vehicleFormId}`, { values: {} }],
    ] as const) {
      expect((await call(method, url, body, weigher)).statusCode, `${method} ${url}`).toBe(403);
    }
    const { version } = await draftOf(vehicleFormId);
    expect((await call('POST', `/optimus_prime/cg-format/rollback/${vehicleFormId}/1`, { version }, assayer)).statusCode).toBe(403);
    expect((await call('POST', `/optimus_prime/cg-format/publish/${vehicleFormId}`, { version, note: 'x' }, assayer)).statusCode).toBe(403);
    expect(await versions(vehicleFormId)).toHaveLength(1);
  });

  it('lets a user who may only view templates export one, and refuses them copy and import (nothing is stored)', async () => {
    // 财务 given 模板设计 (custom_format_view) only, signed in afterwards
    const { db } = t.database;
    const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'finance').executeTakeFirstOrThrow();
    const menus = await db.selectFrom('sysMenu').select('id').where('uuid', 'in', ['area_config', 'grp_template', 'custom_format']).execute();
    const held = new Set((await db.selectFrom('sysRoleMenu').select('menuId').where('roleId', '=', role.id).execute()).map((r) => r.menuId));
    const missing = menus.filter((m) => !held.has(m.id));
    if (missing.length) await db.insertInto('sysRoleMenu').values(missing.map((m) => ({ roleId: role.id, menuId: m.id }))).execute();
    const viewer = (await t.login('finance')).access;
    // precondition: the viewer holds the view key and not the edit key
    const me = await data<{ permissions: string[] }>('GET', '/sys-info/me', undefined, viewer);
    expect(me.permissions).toContain('custom_format_view');
    expect(me.permissions).not.toContain('custom_format_edit');
    const exported = await call('GET', `/optimus_prime/cg-format/export/${vehicleFormId}`, undefined, viewer);
    expect(exported.statusCode).toBe(200);
    const template = { ...JSON.parse(exported.body), formatCode: 'as_vehicle_form_by_viewer' };

    const imported = await call('POST', '/optimus_prime/cg-format/import', { template }, viewer);
    expect(imported.statusCode).toBe(403);
    expect(imported.json().data.permission).toBe('custom_format_edit');
    const copied = await call('POST', `/optimus_prime/cg-format/copy/${vehicleFormId}`, { formatCode: 'as_vehicle_form_by_viewer', formatName: '副本' }, viewer);
    expect(copied.statusCode).toBe(403);
    expect(copied.json().data.permission).toBe('custom_format_edit');
    expect(await db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'as_vehicle_form_by_viewer').executeTakeFirst()).toBeUndefined();
  });

  it('keeps the designer\'s history with the draft: another browser reloads it and undoes back to the start', async () => {
    const { record, state: first } = await open(vehicleFormId);
    const startHash = await contentHash(currentTemplate(first));
    const fields = Object.keys(first.draft.nodes).filter((id) => id.startsWith('f:'));
    let s = first;
    s = ok(execute(s, { type: 'move', id: fields[0], to: { row: 40, col: 0 } }));
    s = ok(execute(s, { type: 'move', id: fields[1], to: { row: 41, col: 0 } }));
    s = ok(execute(s, { type: 'set-property', id: fields[1], key: 'fieldExplain', value: '改', typing: 'k' }));
    s = ok(execute(s, { type: 'set-property', id: fields[1], key: 'fieldExplain', value: '改名', typing: 'k' }));
    s = ok(execute(s, { type: 'batch-set-property', ids: fields.slice(2, 5), key: 'irequired', value: true }));
    const saved = await save(vehicleFormId, record.version, s, assayer);
    expect(saved.statusCode, saved.body).toBe(200);
    // the same save again is stale
    expect((await save(vehicleFormId, record.version, s)).statusCode).toBe(409);

    // another browser
    const { record: again, state: other } = await open(vehicleFormId);
    expect(again.version).toBe(saved.json().data.version);
    expect(currentTemplate(other)).toEqual(currentTemplate(s));
    expect(other.history.canvas.undo.map((x) => x.label)).toEqual(['移动', '移动']);
    expect(other.history.properties.undo.map((x) => x.label)).toEqual(['修改 fieldExplain', '批量修改 irequired（3 项）']);
    let back = ok(undo(other, 'properties'));
    back = ok(undo(back, 'properties'));
    back = ok(undo(back, 'canvas'));
    expect(await contentHash(currentTemplate(back))).not.toBe(startHash);
    back = ok(undo(back, 'canvas'));
    expect(await contentHash(currentTemplate(back))).toBe(startHash);
    const undone = await save(vehicleFormId, again.version, back);
    expect(undone.statusCode, undone.body).toBe(200);
    const third = await open(vehicleFormId);
    expect(third.state.history.properties.redo).toHaveLength(2);
    expect(await contentHash(currentTemplate(third.state))).toBe(startHash);
  });

  it('answers 409 to a second browser saving its own edit over a draft saved since it read it (not 400 on its history)', async () => {
    const a = await open(vehicleFormId);
    const b = await open(vehicleFormId);
    const fields = Object.keys(a.state.draft.nodes).filter((id) => id.startsWith('f:'));
    const savedA = await save(vehicleFormId, a.record.version, ok(execute(a.state, { type: 'set-property', id: fields[0], key: 'fieldExplain', value: '甲改', typing: 'a' })));
    expect(savedA.statusCode, savedA.body).toBe(200);
    // B's own edit, from the draft it read: its history leads from that draft, not from A's
    const savedB = await save(vehicleFormId, b.record.version, ok(execute(b.state, { type: 'set-property', id: fields[1], key: 'fieldExplain', value: '乙改', typing: 'b' })));
    expect(savedB.statusCode, savedB.body).toBe(409);
    // A's edit stands; B's is not stored
    const now = await draftOf(vehicleFormId);
    expect(JSON.stringify(now.draft)).toContain('甲改');
    expect(JSON.stringify(now.draft)).not.toContain('乙改');
    // the next tests start from the label as it was
    const again = await open(vehicleFormId);
    expect((await save(vehicleFormId, again.record.version, ok(undo(again.state, 'properties')))).statusCode).toBe(200);
  });

  it('refuses history that does not lead to the draft sent (400 on history), and records a save without history as one step', async () => {
    const { record, state } = await open(vehicleFormId);
    const moved = ok(execute(state, { type: 'move', id: Object.keys(state.draft.nodes).find((id) => id.startsWith('f:'))!, to: { row: 50, col: 0 } }));
    const wrong = await call('PUT', `/optimus_prime/cg-format/draft/${vehicleFormId}`, { version: record.version, draft: record.draft, history: takeEntries(moved).entries });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toMatchObject({ field: 'history' });
    const badShape = await call('PUT', `/optimus_prime/cg-format/draft/${vehicleFormId}`, { version: record.version, draft: record.draft, history: [{ action: 'jump', step: {} }] });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().data.field).toMatch(/^history/);

    const renamed = { ...record.draft, formatName: '车辆表单（属性配置）' };
    const plain = await call('PUT', `/optimus_prime/cg-format/draft/${vehicleFormId}`, { version: record.version, draft: renamed });
    expect(plain.statusCode).toBe(200);
    const after = await open(vehicleFormId);
    expect(after.state.history.properties.undo.at(-1)!.label).toBe('属性配置');
    const reverted = ok(undo(after.state, 'properties'));
    expect(currentTemplate(reverted).formatName).toBe(record.draft.formatName);
  });

  it('publishes numbered, hashed versions with a note; diffs them field by field; rolls back without deleting anything', async () => {
    // the seeded publication is version 1
    const seeded = await versions(vehicleFormId);
    expect(seeded).toEqual([expect.objectContaining({ versionNo: 1, author: 'seed', note: '初始版本' })]);
    const v1Content = (await data<{ content: Template; contentHash: string }>('GET', `/optimus_prime/cg-format/version/${vehicleFormId}/1`));
    expect(v1Content.contentHash).toBe(await contentHash(v1Content.content));

    let { record } = await open(vehicleFormId);
    const p2 = await data<{ versionNo: number; contentHash: string; version: number }>('POST', `/optimus_prime/cg-format/publish/${vehicleFormId}`, { version: record.version, note: '首次设计' });
    expect(p2.versionNo).toBe(2);
    const runtimeV2 = await publishedOf(vehicleFormId);

    // move one field and publish v3
    const opened = await open(vehicleFormId);
    record = opened.record;
    const target = Object.values(opened.state.draft.nodes).find((n) => n.kind === 'field' && n.field.fieldName === 'plateNumber')!;
    const moved = ok(execute(opened.state, { type: 'move', id: target.id, to: { row: 60, col: 12 } }));
    const saved = await save(vehicleFormId, record.version, moved);
    expect(saved.statusCode, saved.body).toBe(200);
    // the runtime still reads v2 until 发布
    expect(await publishedOf(vehicleFormId)).toEqual(runtimeV2);
    const draftDiff = await data<{ entries: DiffEntry[] }>('GET', `/optimus_prime/cg-format/diff/${vehicleFormId}?from=2&to=draft`);
    expect(draftDiff.entries).toEqual([expect.objectContaining({ kind: 'moved', area: 'formSubList', key: 'as_vehicle.plateNumber', to: { row: 60, col: 12, group: null, unit: 12 } })]);
    const p3 = await data<{ versionNo: number; contentHash: string; version: number }>('POST', `/optimus_prime/cg-format/publish/${vehicleFormId}`, { version: saved.json().data.version, note: '车牌移到最后' });
    expect(p3.versionNo).toBe(3);
    expect(p3.contentHash).not.toBe(p2.contentHash);
    const diff = await data<{ entries: DiffEntry[] }>('GET', `/optimus_prime/cg-format/diff/${vehicleFormId}?from=2&to=3`);
    expect(diff.entries).toHaveLength(1);
    expect(diff.entries[0]).toMatchObject({ kind: 'moved', key: 'as_vehicle.plateNumber', label: '车牌号' });
    expect((await publishedOf(vehicleFormId)).formSubList!.find((f) => f.fieldName === 'plateNumber')!.layout).toMatchObject({ row: 60, col: 12 });

    // roll back to 2: published as 4 with 2's hash; 1–3 stay
    const current = await draftOf(vehicleFormId);
    expect((await call('POST', `/optimus_prime/cg-format/rollback/${vehicleFormId}/2`, { version: current.version + 1 })).statusCode).toBe(409);
    expect((await call('POST', `/optimus_prime/cg-format/rollback/${vehicleFormId}/9`, { version: current.version })).statusCode).toBe(404);
    const back = await data<{ versionNo: number; contentHash: string; rollbackOf: number }>('POST', `/optimus_prime/cg-format/rollback/${vehicleFormId}/2`, { version: current.version });
    expect(back).toMatchObject({ versionNo: 4, contentHash: p2.contentHash, rollbackOf: 2 });
    expect(await publishedOf(vehicleFormId)).toEqual(runtimeV2);
    const list = await versions(vehicleFormId);
    expect(list.map((v) => [v.versionNo, v.author, v.note, v.rollbackOf])).toEqual([[1, 'seed', '初始版本', null], [2, 'admin', '首次设计', null], [3, 'admin', '车牌移到最后', null], [4, 'admin', '回滚到版本 2', 2]]);
    expect(list[3].contentHash).toBe(list[1].contentHash);
    expect((await data<{ entries: DiffEntry[] }>('GET', `/optimus_prime/cg-format/diff/${vehicleFormId}?from=2&to=4`)).entries).toEqual([]);
    // the draft followed, and the rollback is one step the designer can undo
    const reopened = await open(vehicleFormId);
    expect(reopened.state.history.canvas.undo.at(-1)!.label).toBe('回滚到版本 2');
    const undone = ok(undo(reopened.state, 'canvas'));
    expect(currentTemplate(undone).formSubList!.find((f) => f.fieldName === 'plateNumber')!.layout).toMatchObject({ row: 60, col: 12 });
    // exactly the draft before the 回滚, each node under its own id (the canvas finds a card's node by it:
    // the database once gave the step's node map back with camelCased keys, f:asVehicle.plateNumber)
    expect(undone.draft).toEqual(openDesigner(parseTemplate(current.draft)).draft);
    expect(Object.entries(undone.draft.nodes).filter(([key, n]) => key !== n.id)).toEqual([]);
    // and the move made before it undoes after it
    const unmoved = ok(undo(undone, 'canvas'));
    expect(unmoved.draft.nodes[target.id]).toEqual(target);
    expect((await call('GET', `/optimus_prime/cg-format/diff/${vehicleFormId}?from=1&to=latest`)).json().data.field).toBe('to');
  });

  it('exports canonical JSON and imports it (new code: a new unpublished template; bad content: 400 naming the path)', async () => {
    const res = await call('GET', `/optimus_prime/cg-format/export/${vehicleFormId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="as_vehicle_form.json"');
    const text = res.body;
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual([...Object.keys(parsed)].sort());
    expect(Object.keys(parsed.formSubList[0])).toEqual([...Object.keys(parsed.formSubList[0])].sort());
    expect(parsed.id).toBeUndefined();
    // the same template exports the same text
    expect((await call('GET', `/optimus_prime/cg-format/export/${vehicleFormId}`)).body).toBe(text);

    const imported = await data<{ id: number; created: boolean; version: number }>('POST', '/optimus_prime/cg-format/import', { template: { ...parsed, formatCode: 'as_vehicle_form_imported', formatName: '导入的车辆表单' } });
    expect(imported.created).toBe(true);
    expect((await call('GET', `/optimus_prime/cg-format/export/${imported.id}?source=draft`)).body).toBe(text.replace('"as_vehicle_form"', '"as_vehicle_form_imported"').replace(`"${parsed.formatName}"`, '"导入的车辆表单"'));
    expect((await draftOf(imported.id)).changed).toBe(true);

    const bad = structuredClone(parsed);
    bad.formSubList[1].fieldName = 'no such column';
    const refused = await call('POST', '/optimus_prime/cg-format/import', { template: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.field).toBe('template.formSubList[1].fieldName');
    const missing = await call('POST', '/optimus_prime/cg-format/import', { template: parsed });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.field).toBe('version');
    const { version } = await draftOf(vehicleFormId);
    const over = await data<{ created: boolean }>('POST', '/optimus_prime/cg-format/import', { template: { ...parsed, formatName: '车辆（导入）' }, version });
    expect(over.created).toBe(false);
    expect((await draftOf(vehicleFormId)).draft.formatName).toBe('车辆（导入）');
    expect((await call('POST', '/optimus_prime/cg-format/import', { template: parsed, version })).statusCode).toBe(409);
  });

  it('copies a template under a new code; a taken code is a 400 on formatCode', async () => {
    const copy = await data<{ id: number; formatCode: string }>('POST', `/optimus_prime/cg-format/copy/${vehicleFormId}`, { formatCode: 'as_vehicle_form_copy', formatName: '车辆表单副本' });
    const record = await draftOf(copy.id);
    expect(record.draft).toMatchObject({ formatCode: 'as_vehicle_form_copy', formatName: '车辆表单副本', formatType: 'FORM' });
    expect(record.draft.formSubList).toEqual((await draftOf(vehicleFormId)).draft.formSubList);
    const taken = await call('POST', `/optimus_prime/cg-format/copy/${vehicleFormId}`, { formatCode: 'as_vehicle_form_copy', formatName: 'x' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data.field).toBe('formatCode');
    const badCode = await call('POST', `/optimus_prime/cg-format/copy/${vehicleFormId}`, { formatCode: 'a b', formatName: 'x' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().data.field).toBe('formatCode');
  });

  it('lists what removing a field from a picker template breaks: the result mapping of the forms that pick from it', async () => {
    const rows = await t.database.db.selectFrom('cgFormat').select(['id', 'formatCode']).where('customTable', '=', 'as_driver').where('formatType', '=', 'RESOURCE').execute();
    expect(rows).toHaveLength(1);
    const pickerId = rows[0].id;
    // before: nothing removed
    expect(await data('GET', `/optimus_prime/cg-format/impact/${pickerId}`)).toMatchObject({ removed: [], references: [], breaking: false });
    const { record, state } = await open(pickerId);
    const mobile = Object.values(state.draft.nodes).find((n) => n.kind === 'column' && n.field.fieldName === 'mobile')!;
    const removed = ok(execute(state, { type: 'remove', ids: [mobile.id] }));
    expect((await save(pickerId, record.version, removed)).statusCode).toBe(200);
    const impact = await data<{ removed: DiffEntry[]; references: { kind: string; formatCode: string; path: string; fieldName: string }[]; breaking: boolean }>('GET', `/optimus_prime/cg-format/impact/${pickerId}`);
    expect(impact.removed).toEqual([expect.objectContaining({ kind: 'removed', key: 'as_driver.mobile' })]);
    expect(impact.breaking).toBe(true);
    expect(impact.references).toContainEqual(expect.objectContaining({ kind: 'picker', formatCode: 'as_vehicle_form', fieldName: 'mobile', path: expect.stringMatching(/^formSubList\[\d+\]\.resourceList\[1\]\.fieldSub2$/) }));
    // a parameter link designed on the picking field (弹窗设计) that filters by the removed field is listed too
    const vehicleFormId = await idOf('as_vehicle_form');
    const vehicle = await draftOf(vehicleFormId);
    const picking = vehicle.draft.formSubList!.findIndex((f) => String(f.cgFormatResId) === String(pickerId));
    const linked = { ...vehicle.draft, formSubList: vehicle.draft.formSubList!.map((f, i) => (i === picking ? { ...f, paramLinks: [{ fieldSub1: { fieldName: f.fieldName }, fieldSub2: { fieldName: 'mobile' } }] } : f)) };
    expect((await call('PUT', `/optimus_prime/cg-format/draft/${vehicleFormId}`, { version: vehicle.version, draft: linked })).statusCode).toBe(200);
    const withLink = await data<{ references: { kind: string; formatCode: string; path: string; fieldName: string }[] }>('GET', `/optimus_prime/cg-format/impact/${pickerId}`);
    expect(withLink.references).toContainEqual(expect.objectContaining({ kind: 'param', formatCode: 'as_vehicle_form', fieldName: 'mobile', path: `formSubList[${picking}].paramLinks[0].fieldSub2` }));
  });

  it('lists a field whose 弹窗模板 is not a picker template (another kind, or none) as breaking the publish', async () => {
    const vehicleFormId = await idOf('as_vehicle_form');
    // before: the form's picking fields name picker templates, and nothing is listed
    expect(await data('GET', `/optimus_prime/cg-format/impact/${vehicleFormId}`)).toMatchObject({ references: [], breaking: false });
    const vehicle = await draftOf(vehicleFormId);
    const picking = vehicle.draft.formSubList!.findIndex((f) => f.cgFormatResId !== null && f.cgFormatResId !== undefined);
    expect(picking).toBeGreaterThanOrEqual(0);
    const field = vehicle.draft.formSubList![picking];
    const withPicker = (id: number) => ({ ...vehicle.draft, formSubList: vehicle.draft.formSubList!.map((f, i) => (i === picking ? { ...f, cgFormatResId: id } : f)) });
    // a FORM template's id
    const vendorFormId = await idOf('as_vendor_form');
    let version = vehicle.version;
    const put = async (draft: unknown) => { const res = await call('PUT', `/optimus_prime/cg-format/draft/${vehicleFormId}`, { version, draft }); expect(res.statusCode, res.body).toBe(200); version = res.json().data.version; };
    await put(withPicker(vendorFormId));
    const wrongKind = await data<{ references: { kind: string; path: string; fieldName: string; message: string }[]; breaking: boolean }>('GET', `/optimus_prime/cg-format/impact/${vehicleFormId}`);
    expect(wrongKind.breaking).toBe(true);
    expect(wrongKind.references).toEqual([expect.objectContaining({ kind: 'picker', path: `formSubList[${picking}].cgFormatResId`, fieldName: field.fieldName, message: expect.stringMatching(/不是弹窗（RESOURCE）模板$/) })]);
    // an id no template has
    await put(withPicker(987654));
    const missing = await data<{ references: { message: string }[] }>('GET', `/optimus_prime/cg-format/impact/${vehicleFormId}`);
    expect(missing.references).toEqual([expect.objectContaining({ message: `${field.fieldExplain}(${field.fieldName}) 的弹窗模板 987654 不存在` })]);
    await put(vehicle.draft);
    expect(await data('GET', `/optimus_prime/cg-format/impact/${vehicleFormId}`)).toMatchObject({ references: [], breaking: false });
  });

  it('dry-runs a form submission with the draft\'s rules: refused naming the field, or answered with what would be saved and 0 rows written', async () => {
    const vendorFormId = await idOf('as_vendor_form');
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from as_vendor`.execute(t.database.db)).rows[0].n;
    const { record, state } = await open(vendorFormId);
    const contact = Object.values(state.draft.nodes).find((n) => n.kind === 'field' && n.field.fieldName === 'contact')!;
    const required = ok(execute(state, { type: 'set-property', id: contact.id, key: 'irequired', value: true }));
    expect((await save(vendorFormId, record.version, required)).statusCode).toBe(200);
    // the published form does not ask for the contact; the draft does
    expect((await publishedOf(vendorFormId)).formSubList!.find((f) => f.fieldName === 'contact')!.irequired).toBe(false);
    const before = await count();
    const refused = await call('POST', `/optimus_prime/cg-format/dry-run/${vendorFormId}`, { values: { vendorCode: 'V-DRY', vendorName: '试提交供应商' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.field).toBe('contact');
    const res = await call('POST', `/optimus_prime/cg-format/dry-run/${vendorFormId}`, { values: { vendorCode: 'V-DRY', vendorName: '试提交供应商', contact: '张三' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: '试提交通过（未保存）', data: { written: 0, saved: { vendorCode: 'V-DRY', vendorName: '试提交供应商', contact: '张三' } } });
    expect(await count()).toBe(before);
    expect((await sql<{ n: number }>`select count(*)::int as n from as_vendor where vendor_code = 'V-DRY'`.execute(t.database.db)).rows[0].n).toBe(0);
    // a list template cannot be submitted
    const listId = await idOf('as_vendor_list');
    const notForm = await call('POST', `/optimus_prime/cg-format/dry-run/${listId}`, { values: {} });
    expect(notForm.statusCode).toBe(400);
    expect(notForm.json().data.field).toBe('id');
  });

  it('keeps at least 500 steps with the draft: 700 edits saved in three batches reload as 500 undoable steps in their scope', async () => {
    const formId = await idOf('as_customer_form');
    let { record, state } = await open(formId);
    const startHash = await contentHash(currentTemplate(state));
    const target = Object.values(state.draft.nodes).find((n) => n.kind === 'field')!;
    let version = record.version;
    for (let batch = 0; batch < 3; batch++) {
      const count = batch < 2 ? 250 : 200;
      for (let i = 0; i < count; i++) state = ok(execute(state, { type: 'set-property', id: target.id, key: 'tipsMessage', value: `第${batch}-${i}次` }));
      const saved = await save(formId, version, state);
      expect(saved.statusCode, saved.body).toBe(200);
      version = saved.json().data.version;
      state = takeEntries(state).state;
    }
    const doneKept = await t.database.db.selectFrom('cgFormatHistory').select((eb) => eb.fn.countAll<number>().as('n')).where('formatId', '=', formId).where('action', '=', 'do').executeTakeFirstOrThrow();
    expect(Number(doneKept.n)).toBe(600);
    ({ record, state } = await open(formId));
    expect(state.history.properties.undo).toHaveLength(500);
    for (let i = 0; i < 500; i++) state = ok(undo(state, 'properties'));
    // 500 undos reach the draft after the first 200 edits (the oldest steps were let go)
    expect(currentTemplate(state).formSubList!.find((f) => f.fieldName === (target as { field: { fieldName: string } }).field.fieldName)!.tipsMessage).toBe('第0-199次');
    expect(await contentHash(currentTemplate(state))).not.toBe(startHash);
    expect(undo(state, 'properties').ok).toBe(false);
  });
});
