import { describe, expect, it } from 'vitest';
import { DATABASES, resourceTestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(DATABASES)('a notice line\'s 已执行量 follows its weigh records; past 上限量 no new registry on %s', (kind) => {
  const { call } = resourceTestApp(kind);

  const lineOf = async (noticeId: number) => ((await call('GET', `/purorder/pu-notice/detail/${noticeId}`)).json().data.children.pu_notice_line as Row[])[0];
  const register = (notice: Row) => call('POST', '/purorder/pu-registry/create', {
    plateNumber: '蒙A12345', registerTime: '2026-11-24 08:00:00',
    children: { pu_registry_sub: [{ noticeCode: notice.noticeCode, noticeId: notice.id, vendorName: '山西恒通矿业有限公司', materialName: '原煤' }] },
  });
  const weigh = async (registryId: number, net: string) => {
    const res = await call('POST', '/measure/mm-pu-weigh/create', { plateNumber: '蒙A12345', materialName: '原煤', vendorName: '山西恒通矿业有限公司', registryId, gross: '60', tare: '20', net });
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().data as Row;
  };

  it('adds each weighing\'s net to the line, takes a deleted or voided one away, ignores a typed value, and refuses a registry past the limit by how much', async () => {
    const made = await call('POST', '/purorder/pu-notice/create', {
      vendorName: '山西恒通矿业有限公司', materialName: '原煤', children: { pu_notice_line: [{ invName: '原煤', planQty: '60', maxLimit: '60', doneQty: '999' }] },
    });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const notice = (await call('GET', `/purorder/pu-notice/detail/${made.json().data.id}`)).json().data as Row;
    expect((await lineOf(notice.id)).doneQty).toBeNull();
    const r1 = (await register(notice)).json().data as Row;
    const w1 = await weigh(r1.id, '40.000');
    expect((await lineOf(notice.id)).doneQty).toBe('40.000');
    const r2 = await register(notice);
    expect(r2.json(), r2.body).toMatchObject({ success: true });
    const w2 = await weigh(r2.json().data.id, '25.500');
    expect((await lineOf(notice.id)).doneQty).toBe('65.500');
    const refused = await register(notice);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      msg: `通知单 ${String(notice.noticeCode)}（原煤）已执行 65.500 吨，上限 60.000 吨，已超出 5.500 吨，不能再登记`,
      data: { field: 'children.pu_registry_sub[0].noticeCode' },
    });
    // a typed 已执行量 is not taken (sent with the notice as it is now: each weighing gave it a new version)
    const line = await lineOf(notice.id);
    const { version } = (await call('GET', `/purorder/pu-notice/detail/${notice.id}`)).json().data as Row;
    expect(version).toBeGreaterThan(notice.version);
    const typed = await call('PUT', '/purorder/pu-notice/update', { id: notice.id, version, children: { pu_notice_line: [{ ...line, doneQty: '0' }] } });
    expect(typed.json(), typed.body).toMatchObject({ success: true });
    expect((await lineOf(notice.id)).doneQty).toBe('65.500');
    // voiding the second weighing takes it away: room again
    expect((await call('POST', '/measure/mm-pu-weigh/obsolete', { ids: [w2.id] })).json()).toMatchObject({ success: true });
    expect((await lineOf(notice.id)).doneQty).toBe('40.000');
    expect((await register(notice)).json()).toMatchObject({ success: true });
    // a correction recomputes it; a deleted weighing leaves it
    const stored = (await call('GET', `/measure/mm-pu-weigh/detail/${w1.id}`)).json().data as Row;
    const corrected = await call('POST', '/measure/mm-pu-weigh/weighCorrect', { id: w1.id, version: stored.version, tare: 25, reason: '皮重复核' });
    expect(corrected.json(), corrected.body).toMatchObject({ success: true });
    expect((await lineOf(notice.id)).doneQty).toBe('35.000');
    const gone = await call('DELETE', '/measure/mm-pu-weigh/deletes', { ids: [w1.id], reason: '重复过磅' });
    expect(gone.json(), gone.body).toMatchObject({ success: true });
    expect((await lineOf(notice.id)).doneQty).toBe('0.000');
  });

  it('a registry line moved to another notice takes its trucks\' net along; a registry deleted takes it away', async () => {
    const notices: Row[] = [];
    for (const plan of ['60', '80']) {
      const made = await call('POST', '/purorder/pu-notice/create', { vendorName: '山西恒通矿业有限公司', materialName: '原煤', children: { pu_notice_line: [{ invName: '原煤', planQty: plan, maxLimit: plan }] } });
      expect(made.json(), made.body).toMatchObject({ success: true });
      notices.push((await call('GET', `/purorder/pu-notice/detail/${made.json().data.id}`)).json().data as Row);
    }
    const [a, b] = notices;
    const registry = (await register(a)).json().data as Row;
    await weigh(registry.id, '40.000');
    expect((await lineOf(a.id)).doneQty).toBe('40.000');
    expect((await lineOf(b.id)).doneQty).toBeNull();
    // the registry's line now names notice B
    const stored = (await call('GET', `/purorder/pu-registry/detail/${registry.id}`)).json().data as Row & { children: { pu_registry_sub: Row[] } };
    const [line] = stored.children.pu_registry_sub;
    const moved = await call('PUT', '/purorder/pu-registry/update', { id: registry.id, version: stored.version, children: { pu_registry_sub: [{ ...line, noticeId: b.id, noticeCode: b.noticeCode }] } });
    expect(moved.json(), moved.body).toMatchObject({ success: true });
    expect((await lineOf(a.id)).doneQty).toBe('0.000');
    expect((await lineOf(b.id)).doneQty).toBe('40.000');
    // deleted (a registry still 自由), its trucks count for no notice
    expect(stored.status).toBe('FREE');
    const gone = await call('DELETE', '/purorder/pu-registry/deletes', { ids: [registry.id] });
    expect(gone.json(), gone.body).toMatchObject({ success: true });
    expect((await lineOf(b.id)).doneQty).toBe('0.000');
  });
});
