import { describe, expect, it } from 'vitest';
import { checkCgValidate, compileValidatePattern, patternProblem } from './validate';
import { INVERT_MARKER } from './validation-marker';

describe('cgValidate patterns (one rule for the designer, the form and the server)', () => {
  it('accepts the patterns templates use, in JavaScript syntax (\\u escapes included)', () => {
    for (const p of ['^1[3-9]\\d{9}$', '^(\\d+)(\\.\\d{1,2})?$', '^[\\u4e00-\\u9fa5]{2,20}$', '^[A-Z]{2}\\d{6}$', '^\\d{6}$', '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$', 'a\\/b']) {
      expect(patternProblem(p), p).toBeNull();
    }
    expect(checkCgValidate({ validateMethod: '^[\\u4e00-\\u9fa5]{2,4}$', validateTitle: '姓名应为2到4个汉字' }, '张三')).toBeNull();
    expect(checkCgValidate({ validateMethod: '^[\\u4e00-\\u9fa5]{2,4}$', validateTitle: '姓名应为2到4个汉字' }, 'Zhang')).toBe('姓名应为2到4个汉字');
  });

  it('refuses what no linear-time engine can match (backreferences, lookaround) and what does not compile, saying why', () => {
    expect(patternProblem('^(x)\\1$')).toMatch(/反向引用/);
    expect(patternProblem('(?<q>a)\\k<q>')).toMatch(/反向引用/);
    expect(patternProblem('^(?!admin)\\w+$')).toMatch(/环视/);
    expect(patternProblem('(?<=¥)\\d+')).toMatch(/环视/);
    expect(patternProblem('([a-')).toBe('不是有效的正则表达式');
    expect(patternProblem('x'.repeat(501))).toMatch(/不能超过 500 个字符/);
    expect(compileValidatePattern('^(x)\\1$')).toBeNull();
    expect(checkCgValidate({ validateMethod: '^(x)\\1$', validateTitle: '格式错误' }, 'xx')).toBe('格式错误');
  });

  it('runs a pattern that backtracks without bound on a backtracking engine in linear time: 2,000 characters under ^(a+)+$ answer at once', () => {
    // a backtracking engine takes 2^n steps here: this test would never finish
    expect(patternProblem('^(a+)+$')).toBeNull();
    expect(checkCgValidate({ validateMethod: '^(a+)+$', validateTitle: '格式错误' }, `${'a'.repeat(1999)}!`)).toBe('格式错误');
    expect(checkCgValidate({ validateMethod: '^(a+)+$', validateTitle: '格式错误' }, 'a'.repeat(2000))).toBeNull();
    expect(checkCgValidate({ validateMethod: '(a|a)*b', validateTitle: '格式错误' }, `${'a'.repeat(1999)}!`)).toBe('格式错误');
  });

  it('caps the value a pattern is run on: over 2,000 characters fails the rule without being tested', () => {
    const rule = { validateMethod: '^a+$', validateTitle: '格式错误' };
    expect(checkCgValidate(rule, 'a'.repeat(2000))).toBeNull();
    expect(checkCgValidate(rule, 'a'.repeat(2001))).toBe('格式错误');
  });

  it('keeps the inverting marker: a match is the error', () => {
    const rule = { validateMethod: `${INVERT_MARKER}测试`, validateTitle: '不能含有“测试”' };
    expect(checkCgValidate(rule, '这是测试数据')).toBe('不能含有“测试”');
    expect(checkCgValidate(rule, '正式数据')).toBeNull();
  });
});
