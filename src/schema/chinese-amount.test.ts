import { describe, expect, it } from 'vitest';
import { chineseAmount } from './chinese-amount';

describe('chineseAmount', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [101, '壹佰零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [10000, '壹万元整'],
    [100010, '壹拾万零壹拾元整'],
    [123456789.12, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
    [1.05, '壹元零伍分'],
    [0.5, '伍角'],
    [12.3456, '壹拾贰元叁角肆分伍毫陆厘'],
    [100000000, '壹亿元整'],
    [-3.2, '负叁元贰角'],
    ['88.8', '捌拾捌元捌角'],
  ])('%s → %s', (value, text) => {
    expect(chineseAmount(value)).toBe(text);
  });

  it('gives blank from 1e15 and for what is not a number', () => {
    expect(chineseAmount(1e15)).toBe('');
    expect(chineseAmount(999999999999999)).not.toBe('');
    expect(chineseAmount('abc')).toBe('');
    expect(chineseAmount(null)).toBe('');
  });
});
