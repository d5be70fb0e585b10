import { describe, expect, it } from 'vitest';
import { CHILD_MESSAGES } from './child-rows';
import { MasterChildForm } from './master-child';
import type { Template } from './template';

const notice: Template = {
  formatName: '采购通知单表单', formatCode: 'pu_notice_form', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD', customTable: 'pu_notice', validTable: true,
  formSubList: [
    { fieldName: 'noticeCode', fieldExplain: '通知单号', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 },
    { fieldName: 'tags', fieldExplain: '标签', formSubmitType: 'SELECT_MORE', seq: 20 },
    { fieldName: 'orgName', fieldExplain: '公司', formSubmitType: 'ONE_TXT', iupdate: false, seq: 30 },
  ],
  childSubLists: [{
    customTable: 'pu_notice_line', label: '采购通知单明细',
    fields: [
      { fieldName: 'invName', fieldExplain: '存货', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 },
      { fieldName: 'planQty', fieldExplain: '计划量', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', defaultValue: '1', seq: 20 },
    ],
  }],
};

const stored = {
  id: 12, version: 3, noticeCode: 'PN-12', tags: 'a,b', orgName: '东方能源有限公司',
  children: { pu_notice_line: [{ id: 101, invName: '原煤', planQty: '600.000' }, { id: 102, invName: '焦炭', planQty: '50.000' }] },
};

describe('MasterChildForm', () => {
  it('a new document: one empty line per table, and the body the server takes under children', () => {
    const doc = new MasterChildForm(notice, 'create');
    expect(doc.masterChild).toBe(true);
    expect(doc.asksBeforeSavingWithoutLines).toBe(true);
    doc.addFirstLines();
    doc.addFirstLines();
    expect(doc.rows('pu_notice_line')).toHaveLength(1);
    expect(doc.rows('pu_notice_line')[0]).toMatchObject({ invName: null, planQty: '1' });
    doc.rows('pu_notice_line')[0].invName = '  原煤 ';
    const request = doc.saveRequest('/purorder/pu-notice', { noticeCode: ' PN-1 ', tags: ['a', 'b'], orgName: '东方能源有限公司' });
    expect(request).toEqual({
      method: 'POST', url: '/purorder/pu-notice/create',
      body: { noticeCode: 'PN-1', tags: 'a,b', orgName: '东方能源有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '1' }] } },
    });
  });

  it('an edit reads values, lines and version; its update sends the line ids, the id and the version, not what the mode cannot change', () => {
    const doc = new MasterChildForm(notice, 'update', stored);
    expect(doc.main).toMatchObject({ noticeCode: 'PN-12', tags: ['a', 'b'] });
    expect(doc.rows('pu_notice_line').map((r) => r.id)).toEqual([101, 102]);
    expect(doc.version).toBe(3);
    doc.rows('pu_notice_line').splice(1, 1);
    doc.addLine('pu_notice_line');
    doc.rows('pu_notice_line')[1].invName = '块煤';
    const { method, url, body } = doc.saveRequest('/purorder/pu-notice', { ...doc.main, noticeCode: 'PN-12A' });
    expect([method, url]).toEqual(['PUT', '/purorder/pu-notice/update']);
    expect(body).toEqual({
      noticeCode: 'PN-12A', tags: 'a,b', id: 12, version: 3,
      children: { pu_notice_line: [{ id: 101, invName: '原煤', planQty: '600.000' }, { invName: '块煤', planQty: '1' }] },
    });
  });

  it('names the lines’ problems by table and row; a single-child document refuses a second line', () => {
    const doc = new MasterChildForm({ ...notice, singleChild: true }, 'create');
    doc.addFirstLines();
    expect(doc.lineProblems()).toEqual([expect.objectContaining({ table: 'pu_notice_line', label: '采购通知单明细', index: 0, field: 'invName', message: '存货不能为空！' })]);
    expect(doc.addLine('pu_notice_line')).toBe(CHILD_MESSAGES.singleChild);
    doc.rows('pu_notice_line')[0].invName = '原煤';
    expect(doc.lineProblems()).toEqual([]);
  });

  it('a 409 marks it stale and keeps the edits; loading the current record replaces values, lines and version', () => {
    const doc = new MasterChildForm(notice, 'update', stored);
    doc.rows('pu_notice_line')[0].planQty = '700';
    expect(doc.failed({ status: 400, message: '计划量格式错误' })).toBe(false);
    expect(doc.failed({ status: 409, message: '数据已被他人修改' })).toBe(true);
    expect(doc.stale).toBe(true);
    expect(doc.rows('pu_notice_line')[0].planQty).toBe('700');
    doc.load({ ...stored, version: 4, noticeCode: 'PN-12B', children: { pu_notice_line: [{ id: 101, invName: '原煤', planQty: '650.000' }] } });
    expect(doc.stale).toBe(false);
    expect(doc.version).toBe(4);
    expect(doc.main.noticeCode).toBe('PN-12B');
    expect(doc.submitBody()).toMatchObject({ version: 4, children: { pu_notice_line: [{ id: 101, planQty: '650.000' }] } });
    doc.saved({ version: 5 });
    expect(doc.submitBody()).toMatchObject({ version: 5 });
  });

  it('keeps its lines in the holders the caller makes (the runtime’s reactive stores)', () => {
    const made: { rows: unknown[]; errors: Record<string, string> }[] = [];
    const doc = new MasterChildForm(notice, 'update', stored, (rows) => { const h = { rows, errors: {} }; made.push(h); return h; });
    expect(doc.lines.pu_notice_line).toBe(made[0]);
    doc.load({ ...stored, children: { pu_notice_line: [] } });
    expect(made[0].rows).toEqual([]);
    expect(doc.asksBeforeSavingWithoutLines).toBe(true);
  });

  it('a form without child tables submits its fields only', () => {
    const doc = new MasterChildForm({ formSubList: notice.formSubList }, 'create');
    expect(doc.masterChild).toBe(false);
    expect(doc.asksBeforeSavingWithoutLines).toBe(false);
    expect(doc.submitBody({ noticeCode: 'X' })).toEqual({ noticeCode: 'X', tags: null, orgName: null });
  });
});
