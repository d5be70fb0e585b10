import { describe, expect, it } from 'vitest';
import { validateRows } from './child-rows';
import type { FieldDefinition } from './field-definition';
import { NOT_NEGATIVE, bareLabel, fieldRecordProblem, recordProblem } from './record-rules';

const notice = [{ fieldName: 'beginDate', fieldExplain: '开始日期' }, { fieldName: 'endDate', fieldExplain: '结束日期' }];
const vehicle = [{ fieldName: 'plateNumber', fieldExplain: '车牌号' }, { fieldName: 'tareWeight', fieldExplain: '预置皮重(吨)' }];

describe('record rules', () => {
  it('an end before its start is the end\'s problem; the same day, an open end or an open start pass', () => {
    expect(recordProblem('pu_notice', { beginDate: '2026-12-05', endDate: '2026-12-04' }, notice)).toEqual({ field: 'endDate', message: '结束日期不能早于开始日期' });
    expect(recordProblem('pu_notice', { beginDate: '2026-12-05', endDate: '2026-12-05' }, notice)).toBeNull();
    expect(recordProblem('pu_notice', { beginDate: '2026-12-05', endDate: null }, notice)).toBeNull();
    expect(recordProblem('pu_notice', { beginDate: '', endDate: '2026-12-04' }, notice)).toBeNull();
    // a date-time period, and a stored instant against a picked day
    const group = [{ fieldName: 'beginTime', fieldExplain: '开始时间' }, { fieldName: 'endTime', fieldExplain: '结束时间' }];
    expect(fieldRecordProblem('qc_assay_group', 'endTime', { beginTime: '2026-12-05 08:00:00', endTime: '2026-12-05 07:59:59' }, group)).toBe('结束时间不能早于开始时间');
    expect(fieldRecordProblem('pu_notice', 'endDate', { beginDate: new Date(2026, 11, 5), endDate: '2026-12-05' }, notice)).toBeNull();
    expect(fieldRecordProblem('as_ic_card', 'expireDate', { issueDate: '2026-12-05', expireDate: '2026-01-01' }, [{ fieldName: 'issueDate', fieldExplain: '发卡日期' }, { fieldName: 'expireDate', fieldExplain: '有效期至' }]))
      .toBe('有效期至不能早于发卡日期');
  });

  it('a period is checked only where both of its fields are the record\'s; times of day are no dates', () => {
    expect(recordProblem('pu_notice', { beginDate: '2026-12-05', endDate: '2026-12-04' }, [notice[1]])).toBeNull();
    const shift = [{ fieldName: 'startTime', fieldExplain: '开始时间' }, { fieldName: 'endTime', fieldExplain: '结束时间' }];
    expect(recordProblem(null, { startTime: '22:00:00', endTime: '06:00:00' }, shift)).toBeNull();
  });

  it('a negative preset tare is refused by its label without the unit; 0 and what is no number pass here', () => {
    expect(recordProblem('as_vehicle', { tareWeight: -5 }, vehicle)).toEqual({ field: 'tareWeight', message: '预置皮重不能小于0' });
    expect(recordProblem('as_vehicle', { tareWeight: ' -0.001 ' }, vehicle)?.message).toBe('预置皮重不能小于0');
    for (const tare of [0, '0', '17.5', null, '', 'abc']) expect(recordProblem('as_vehicle', { tareWeight: tare }, vehicle), String(tare)).toBeNull();
    expect(bareLabel('预置皮重(吨)')).toBe('预置皮重');
    expect(bareLabel('计划量（吨）')).toBe('计划量');
    expect(bareLabel('结束日期')).toBe('结束日期');
  });

  it('a quantity, price, amount or rate of a business table below 0 is refused by its label; a balance, an assay value or a server\'s figure may be negative', () => {
    const labels = [
      ['mm_pu_weigh', 'gross', '毛重(吨)'], ['mm_sa_weigh', 'tare', '皮重(吨)'], ['mm_pu_weigh', 'net', '净重(吨)'], ['mm_sa_weigh', 'deduct', '扣重(吨)'],
      ['fd_pu_settlement', 'deductWeight', '扣重(吨)'], ['pu_notice_line', 'planQty', '计划量(吨)'], ['sa_notice_line', 'maxLimit', '上限量(吨)'],
      ['pu_registry_sub', 'planQuantity', '计划数量(吨)'], ['as_inventory', 'theoryWeight', '理论重量(kg/m)'], ['fd_sa_settlement', 'price', '单价(元/吨)'],
      ['as_inventory', 'referencePrice', '参考单价(元)'], ['as_inventory', 'topBuyingPrice', '最高采购价(元)'], ['recive_payment', 'amount', '收款金额(元)'],
      ['fd_pu_settlement_main', 'deductAmount', '扣款金额(元)'], ['mm_pu_weigh', 'deductRate', '扣率(%)'], ['qc_deduct_step', 'rate', '扣率(%)'],
      ['as_inventory', 'lossPercentage', '合理损耗率(%)'],
    ] as const;
    for (const [table, name, label] of labels) {
      const fields = [{ fieldName: name, fieldExplain: label }];
      expect(recordProblem(table, { [name]: '-0.01' }, fields), `${table}.${name}`).toEqual({ field: name, message: `${bareLabel(label)}不能小于0` });
      expect(recordProblem(table, { [name]: 0 }, fields), `${table}.${name}`).toBeNull();
    }
    expect(fieldRecordProblem('pu_notice_line', 'planQty', { planQty: -1 }, [])).toBe('planQty不能小于0');
    const mayBeNegative = [['balanceAfter', '收款后余额(元)'], ['netAmount', '应付金额(元)'], ['value', '化验值'], ['lowerLimit', '下限'], ['fromValue', '起扣值(≥)'],
      ['doneQty', '已执行量(吨)'], ['settleWeight', '结算重量(吨)'], ['waterRate', '扣水率(%)'], ['totalAmount', '结算金额(元)']].map(([fieldName, fieldExplain]) => ({ fieldName, fieldExplain }));
    for (const table of NOT_NEGATIVE.keys()) {
      for (const { fieldName } of mayBeNegative) expect(recordProblem(table, { [fieldName]: '-5' }, mayBeNegative), `${table}.${fieldName}`).toBeNull();
    }
  });

  it('a field named like a business quantity on a table of no such quantity — an administrator\'s own, or none known — may be negative', () => {
    const money = [{ fieldName: 'amount', fieldExplain: '金额' }, { fieldName: 'price', fieldExplain: '单价' }, { fieldName: 'net', fieldExplain: '净值' }];
    const row = { amount: '-5', price: -5, net: '-0.5' };
    // the same fields on the business tables are refused
    expect(recordProblem('fd_pu_settlement', row, money)).toEqual({ field: 'amount', message: '金额不能小于0' });
    expect(fieldRecordProblem('fd_sa_settlement', 'price', row, money)).toBe('单价不能小于0');
    expect(fieldRecordProblem('mm_pu_weigh', 'net', row, money)).toBe('净值不能小于0');
    for (const table of ['tr_freight_contract', 'tr_freight_contract_line', 'as_vendor', null, undefined, 'constructor', '__proto__']) {
      expect(recordProblem(table, row, money), String(table)).toBeNull();
    }
    // a business table's field that is not one of its quantities: a notice has no 单价
    expect(fieldRecordProblem('pu_notice', 'price', row, money)).toBeNull();
  });

  it('a line is checked with the same rules, by its row number', () => {
    const fields: FieldDefinition[] = [{ fieldName: 'beginDate', fieldExplain: '开始日期' }, { fieldName: 'endDate', fieldExplain: '结束日期' }];
    expect(validateRows([{ rowKey: 'a', beginDate: '2026-12-01', endDate: '2026-12-02' }, { rowKey: 'b', beginDate: '2026-12-03', endDate: '2026-12-02' }], fields, null))
      .toEqual([{ rowKey: 'b', index: 1, field: 'endDate', message: '结束日期不能早于开始日期' }]);
    const line: FieldDefinition[] = [{ fieldName: 'invName', fieldExplain: '存货名称' }, { fieldName: 'planQty', fieldExplain: '计划量(吨)' }, { fieldName: 'maxLimit', fieldExplain: '上限量(吨)' }];
    expect(validateRows([{ rowKey: 'a', invName: '原煤', planQty: '10', maxLimit: '-1' }], line, 'pu_notice_line')).toEqual([{ rowKey: 'a', index: 0, field: 'maxLimit', message: '上限量不能小于0' }]);
  });
});
