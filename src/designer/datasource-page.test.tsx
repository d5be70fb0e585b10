import { describe, expect, it } from 'vitest';
import { INVERT_MARKER } from '../schema/validation-marker';
import { draftProblem, testRule } from './datasource-page';

describe('数据源 screen rules', () => {
  it('names the first bad identifier as the server would, before anything is sent', () => {
    const ok = { fieldDbName: 'contract_code', fieldType: 'CHAR' as const, fieldExplain: '合同编号' };
    expect(draftProblem('tr_contract', [ok])).toBeNull();
    expect(draftProblem('select', [ok])).toBe('表名：select 是 PostgreSQL 保留字');
    expect(draftProblem('tr_contract', [ok, { ...ok, fieldDbName: 'org_id' }])).toBe('第 2 个字段的列名 org_id：org_id 是系统列');
    expect(draftProblem('tr_contract', [{ ...ok, fieldExplain: ' ' }])).toBe('第 1 个字段缺少字段说明');
    // a pinyin column needs room for its `_py` shadow
    expect(draftProblem('tr_contract', [{ ...ok, fieldDbName: 'a'.repeat(62), pinyin: true }])).toMatch(/60 字节/);
  });
  it('tests typed samples with the form\'s own rule, the inverting marker included', () => {
    expect(testRule('^1[3-9]\\d{9}$', '手机号格式错误!', ['13812345678', '1381234'])).toEqual([
      { sample: '13812345678', problem: null }, { sample: '1381234', problem: '手机号格式错误!' },
    ]);
    expect(testRule(`${INVERT_MARKER}\\s`, '不能有空格', ['ab', 'a b'])).toEqual([{ sample: 'ab', problem: null }, { sample: 'a b', problem: '不能有空格' }]);
  });
});
