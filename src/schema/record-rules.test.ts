import { describe, expect, it } from 'vitest';
import { validateRows } from './child-rows';
import type { FieldDefinition } from './field-definition';
import { bareLabel, fieldRecordProblem, recordProblem } from './record-rules';

const notice = [{ fieldName: 'beginDate', fieldExplain: '开始日期' }, { fieldName: 'endDate', fieldExplain: '结束日期' }];
const vehicle = [{ fieldName: 'plateNumber', fieldExplain: '车牌号' }, { fieldName: 'tareWeight', fieldExplain: '预置皮重(吨)' }];

describe('record rules', () => {
  it('an end before its start is the end\'s problem; the same day, an open end or an open start pass', () => {
    expect(recordProblem({ beginDate: '2026-12-05', endDate: '2026-12-04' }, notice)).toEqual({ field: 'endDate', message: '结束日期不能早于开始日期' });
    expect(recordProblem({ beginDate: '2026-12-05', endDate: '2026-12-05' }, notice)).toBeNull();
    expect(recordProblem({ beginDate: '2026-12-05', endDate: null }, notice)).toBeNull();
    expect(recordProblem({ beginDate: '', endDate: '2026-12-04' }, notice)).toBeNull();
    // a date-time period, and a stored instant against a picked day
    const group = [{ fieldName: 'beginTime', fieldExplain: '开始时间' }, { fieldName: 'endTime', fieldExplain: '结束时间' }];
    expect(fieldRecordProblem('endTime', { beginTime: '2026-12-05 08:00:00', endTime: '2026-12-05 07:59:59' }, group)).toBe('结束时间不能早于开始时间');
    expect(fieldRecordProblem('endDate', { beginDate: new Date(2026, 11, 5), endDate: '2026-12-05' }, notice)).toBeNull();
    expect(fieldRecordProblem('expireDate', { issueDate: '2026-12-05', expireDate: '2026-01-01' }, [{ fieldName: 'issueDate', fieldExplain: '发卡日期' }, { fieldName: 'expireDate', fieldExplain: '有效期至' }]))
      .toBe('有效期至不能早于发卡日期');
  });

  it('a period is checked only where both of its fields are the record\'s; times of day are no dates', () => {
    expect(recordProblem({ beginDate: '2026-12-05', endDate: '2026-12-04' }, [notice[1]])).toBeNull();
    const shift = [{ fieldName: 'startTime', fieldExplain: '开始时间' }, { fieldName: 'endTime', fieldExplain: '结束时间' }];
    expect(recordProblem({ startTime: '22:00:00', endTime: '06:00:00' }, shift)).toBeNull();
  });

  it('a negative preset tare is refused by its label without the unit; 0 and what is no number pass here', () => {
    expect(recordProblem({ tareWeight: -5 }, vehicle)).toEqual({ field: 'tareWeight', message: '预置皮重不能小于0' });
    expect(recordProblem({ tareWeight: ' -0.001 ' }, vehicle)?.message).toBe('预置皮重不能小于0');
    for (const tare of [0, '0', '17.5', null, '', 'abc']) expect(recordProblem({ tareWeight: tare }, vehicle), String(tare)).toBeNull();
    expect(bareLabel('预置皮重(吨)')).toBe('预置皮重');
    expect(bareLabel('计划量（吨）')).toBe('计划量');
    expect(bareLabel('结束日期')).toBe('结束日期');
  });

  it('a quantity, price, amount or rate below 0 is refused by its label; a balance, an assay value or a server\'s figure may be negative', () => {
    const labels = [
      ['gross', '毛重(吨)'], ['tare', '皮重(吨)'], ['net', '净重(吨)'], ['deduct', '扣重(吨)'], ['deductWeight', '扣重(吨)'], ['planQty', '计划量(吨)'],
      ['maxLimit', '上限量(吨)'], ['planQuantity', '计划数量(吨)'], ['theoryWeight', '理论重量(kg/m)'], ['price', '单价(元/吨)'], ['referencePrice', '参考单价(元)'],
      ['topBuyingPrice', '最高采购价(元)'], ['amount', '收款金额(元)'], ['deductAmount', '扣款金额(元)'], ['deductRate', '扣率(%)'], ['rate', '扣率(%)'],
      ['lossPercentage', '合理损耗率(%)'],
    ] as const;
    const fields = labels.map(([fieldName, fieldExplain]) => ({ fieldName, fieldExplain }));
    for (const [name, label] of labels) {
      expect(recordProblem({ [name]: '-0.01' }, fields), name).toEqual({ field: name, message: `${bareLabel(label)}不能小于0` });
      expect(recordProblem({ [name]: 0 }, fields), name).toBeNull();
    }
    expect(fieldRecordProblem('planQty', { planQty: -1 }, [])).toBe('planQty不能小于0');
    const mayBeNegative = [['balanceAfter', '收款后余额(元)'], ['netAmount', '应付金额(元)'], ['value', '化验值'], ['lowerLimit', '下限'], ['fromValue', '起扣值(≥)'],
      ['doneQty', '已执行量(吨)'], ['settleWeight', '结算重量(吨)'], ['waterRate', '扣水率(%)'], ['totalAmount', '结算金额(元)']].map(([fieldName, fieldExplain]) => ({ fieldName, fieldExplain }));
    for (const { fieldName } of mayBeNegative) expect(recordProblem({ [fieldName]: '-5' }, mayBeNegative), fieldName).toBeNull();
  });

  it('a line is checked with the same rules, by its row number', () => {
    const fields: FieldDefinition[] = [{ fieldName: 'beginDate', fieldExplain: '开始日期' }, { fieldName: 'endDate', fieldExplain: '结束日期' }];
    expect(validateRows([{ rowKey: 'a', beginDate: '2026-12-01', endDate: '2026-12-02' }, { rowKey: 'b', beginDate: '2026-12-03', endDate: '2026-12-02' }], fields))
      .toEqual([{ rowKey: 'b', index: 1, field: 'endDate', message: '结束日期不能早于开始日期' }]);
    const line: FieldDefinition[] = [{ fieldName: 'invName', fieldExplain: '存货名称' }, { fieldName: 'planQty', fieldExplain: '计划量(吨)' }, { fieldName: 'maxLimit', fieldExplain: '上限量(吨)' }];
    expect(validateRows([{ rowKey: 'a', invName: '原煤', planQty: '10', maxLimit: '-1' }], line)).toEqual([{ rowKey: 'a', index: 0, field: 'maxLimit', message: '上限量不能小于0' }]);
  });
});
