import { describe, expect, it } from 'vitest';
import {
  actionCodes, actionLabel, announcementProblem, applyAction, checkAction, defaultAnnouncementColumns, isRowSelectable, leadingGate, tableActions,
  type AnnouncementRow,
} from './announcement';

const rows: AnnouncementRow[] = [
  { id: 1, plateNumber: '蒙A12345', ihandle: true, confirmSubButs: ['CONFIRM', 'CONFIRM_NOT'] },
  { id: 2, plateNumber: '蒙B22222', ihandle: true, confirmSubButs: 'SINGLE_WEIGH,SINGLE_EMPTY' },
  { id: 3, plateNumber: '蒙C33333', ihandle: false, confirmSubButs: ['CONFIRM'] },
  { id: 4, plateNumber: '蒙D44444', ihandle: true, confirmSubButs: ['CONFIRM', 'CONFIRM_NO'] },
  { id: 5, plateNumber: '蒙E55555', ihandle: true, confirmSubButs: [] },
];

describe('confirmation table rules', () => {
  it('labels the codes, with 合格/不合格 in sampling mode', () => {
    expect(['CONFIRM', 'CONFIRM_NO', 'CONFIRM_NOT', 'CONFIRM_AGAIN', 'SINGLE_WEIGH', 'SINGLE_EMPTY'].map((c) => actionLabel(c)))
      .toEqual(['确认', '无法确认', '取消确认', '重新确认', '称重后离厂', '空车离厂']);
    expect(['CONFIRM', 'CONFIRM_NOT', 'CONFIRM_AGAIN'].map((c) => actionLabel(c, true))).toEqual(['合格', '不合格', '合格']);
  });
  it('a row is selectable only with ihandle, some codes, and no CONFIRM_NO', () => {
    expect(rows.map(isRowSelectable)).toEqual([true, true, false, false, false]);
    expect(actionCodes(rows[1])).toEqual(['SINGLE_WEIGH', 'SINGLE_EMPTY']);
    expect(tableActions(rows)).toEqual(['CONFIRM', 'CONFIRM_NO', 'CONFIRM_NOT', 'SINGLE_WEIGH', 'SINGLE_EMPTY']);
  });
  it('checks an action first and says which row is wrong', () => {
    expect(checkAction('CONFIRM', rows, [])).toBe('请至少选择一条数据！');
    expect(checkAction('CONFIRM_NO', rows, [1])).toBe('无法确认的数据不能操作');
    expect(checkAction('CONFIRM', rows, [1, 3])).toBe('第3行不可处理（未开放处理）');
    expect(checkAction('CONFIRM', rows, [4])).toBe('第4行不可处理（无法确认）');
    expect(checkAction('CONFIRM', rows, [5])).toBe('第5行不可处理（没有可执行的操作）');
    expect(checkAction('CONFIRM', rows, [1, 2])).toBe('第2行不能确认');
    expect(checkAction('CONFIRM', rows, [1, 2], true)).toBe('第2行不能合格');
    expect(checkAction('SINGLE_EMPTY', rows, [2])).toBeNull();
  });
  it('sets the result of the chosen rows only', () => {
    const next = applyAction(rows, 'CONFIRM', [1]);
    expect(next[0].result).toBe('CONFIRM');
    expect(next[1]).toBe(rows[1]);
  });
  it('shows a row’s own fields when no columns are configured', () => {
    expect(defaultAnnouncementColumns(rows)).toEqual(['plateNumber']);
  });
  it('lets the first click through and ignores repeats within a second', () => {
    let now = 10_000;
    const gate = leadingGate(1000, () => now);
    expect(gate()).toBe(true);
    now += 400;
    expect(gate()).toBe(false);
    now += 700;
    expect(gate()).toBe(true);
  });
  it('keeps each key apart: another key in the same second goes through', () => {
    let now = 10_000;
    const gate = leadingGate(1000, () => now);
    expect(gate('CONFIRM:1')).toBe(true);
    now += 300;
    expect(gate('CONFIRM:2')).toBe(true);
    expect(gate('SINGLE_WEIGH:3')).toBe(true);
    expect(gate('CONFIRM:1')).toBe(false);
    now += 800;
    expect(gate('CONFIRM:1')).toBe(true);
    expect(gate('CONFIRM:2')).toBe(false);
  });
});

describe('announcementProblem (the server checks what the table allows)', () => {
  const stored = [
    { id: 1, checkItem: '车辆信息核对', ihandle: true, confirmSubButs: 'CONFIRM,CONFIRM_NOT', result: null },
    { id: 2, checkItem: '磅房远程确认', ihandle: true, confirmSubButs: 'CONFIRM_NO', result: null },
    { id: 3, checkItem: '出厂方式', ihandle: false, confirmSubButs: 'SINGLE_WEIGH,SINGLE_EMPTY', result: null },
  ];
  it('accepts an action the row offers, and no change at all', () => {
    expect(announcementProblem(stored.map((r) => (r.id === 1 ? { ...r, result: 'CONFIRM' } : r)), stored)).toBeNull();
    expect(announcementProblem(stored, stored)).toBeNull();
    expect(announcementProblem(null, stored)).toBeNull();
  });
  it('refuses an action the row does not offer, on a row that cannot be handled, or a changed item', () => {
    expect(announcementProblem(stored.map((r) => (r.id === 1 ? { ...r, result: 'SINGLE_EMPTY' } : r)), stored)).toBe('第1行不能执行 SINGLE_EMPTY');
    expect(announcementProblem(stored.map((r) => (r.id === 2 ? { ...r, result: 'CONFIRM' } : r)), stored)).toBe('第2行不可处理（无法确认）');
    expect(announcementProblem(stored.map((r) => (r.id === 3 ? { ...r, result: 'SINGLE_WEIGH' } : r)), stored)).toBe('第3行不可处理（未开放处理）');
    expect(announcementProblem(stored.map((r) => (r.id === 1 ? { ...r, ihandle: true, checkItem: '改名' } : r)), stored)).toBe('第1行只能修改处理结果');
    expect(announcementProblem(stored.slice(1), stored)).toBe('确认项目不能增删');
    expect(announcementProblem('x')).toBe('应为确认行的列表');
  });
});
