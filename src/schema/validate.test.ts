import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, ID_NUMBER_MESSAGES, checkCgValidate, checkEmail, checkIdNumber, idNumberCheckChar, requiredMessage, validateSubmission } from './validate';
import { digitsOnly, normalisePlate } from './field-input';
import { INVERT_MARKER } from './validation-marker';

describe('idNumber', () => {
  it('accepts real numbers with their check character, X in either case, and the 15-digit form', () => {
    expect(checkIdNumber('11010519491231002X')).toBeNull(); // the standard's own example
    expect(checkIdNumber('11010519491231002x')).toBeNull();
    expect(checkIdNumber('440524188001010014')).toBeNull();
    expect(checkIdNumber('130503670401001')).toBeNull();
    expect(checkIdNumber('')).toBeNull();
    expect(checkIdNumber(null)).toBeNull();
  });
  it('computes the check character with the 7,9,10,… weights modulo 11', () => {
    expect(idNumberCheckChar('11010519491231002')).toBe('X');
    expect(idNumberCheckChar('44052418800101001')).toBe('4');
  });
  it('gives each of the four messages for its own fault', () => {
    expect(checkIdNumber('1101051949123100')).toBe(ID_NUMBER_MESSAGES.shape); // 16 digits
    expect(checkIdNumber('11010519491231002Y')).toBe(ID_NUMBER_MESSAGES.shape);
    expect(checkIdNumber('110105194913310021')).toBe(ID_NUMBER_MESSAGES.format); // month 13
    expect(checkIdNumber('110105194912320021')).toBe(ID_NUMBER_MESSAGES.format); // day 32
    expect(checkIdNumber('990105194912310021')).toBe(ID_NUMBER_MESSAGES.region);
    expect(checkIdNumber('110105194912310021')).toBe(ID_NUMBER_MESSAGES.check);
  });
});

describe('cgValidate', () => {
  const mobile = { validateMethod: '^1[3-9]\\d{9}$', validateTitle: '手机号格式错误!' };
  it('passes empty values and matches, refuses the rest with the configured title', () => {
    expect(checkCgValidate(mobile, '')).toBeNull();
    expect(checkCgValidate(mobile, '13812345678')).toBeNull();
    expect(checkCgValidate(mobile, '1381234567')).toBe('手机号格式错误!');
  });
  it('inverts when the pattern holds the marker: a match is the error', () => {
    const noSpaces = { validateMethod: `${INVERT_MARKER}\\s`, validateTitle: '不能包含空格' };
    expect(checkCgValidate(noSpaces, 'abc')).toBeNull();
    expect(checkCgValidate(noSpaces, 'a bc')).toBe('不能包含空格');
  });
  it('treats an unusable pattern as failing with its title (never throws)', () => {
    expect(checkCgValidate({ validateMethod: '([', validateTitle: '格式错误' }, 'x')).toBe('格式错误');
  });
});

describe('other field rules', () => {
  it('email', () => {
    expect(checkEmail('')).toBeNull();
    expect(checkEmail('zhang.san@dfny.com.cn')).toBeNull();
    expect(checkEmail('zhang@')).toBe(EMAIL_MESSAGE);
  });
  it('required messages: blur, change and multi-select forms', () => {
    expect(requiredMessage({ fieldExplain: '车牌号' })).toBe('车牌号不能为空！');
    expect(requiredMessage({ fieldExplain: '车牌号', tipsMessage: '请输入车牌' })).toBe('请输入车牌不能为空！');
    expect(requiredMessage({ fieldExplain: '车牌号' }, 'change')).toBe('必须填写车牌号');
    expect(requiredMessage({ fieldExplain: '物料', formSubmitType: 'SELECT_MORE' })).toBe('至少选择一项物料');
  });
  it('digits-only fields strip everything else; plates are upper-cased and a lone character becomes the province', () => {
    expect(digitsOnly('12a-3 4')).toBe('1234');
    const plates = [{ plateCode: 'J', plateName: '京' }, { plateCode: 'M', plateName: '蒙' }];
    expect(normalisePlate('m', plates)).toBe('蒙');
    expect(normalisePlate('京a12345', plates)).toBe('京A12345');
    expect(normalisePlate('z', plates)).toBe('Z');
  });
});

describe('validateSubmission (the server’s check of a form)', () => {
  const fields = [
    { fieldName: 'driverName', fieldExplain: '司机姓名', irequired: true },
    { fieldName: 'idNumber', fieldExplain: '身份证号' },
    { fieldName: 'mobile', fieldExplain: '手机号', cgValidate: { validateMethod: '^1[3-9]\\d{9}$', validateTitle: '手机号格式错误!' } },
    { fieldName: 'remark', fieldExplain: '备注', ihidden: true, irequired: true },
  ];
  it('reports every problem with its field', () => {
    expect(validateSubmission(fields, { driverName: ' ', idNumber: '110105194912310021', mobile: '123' }, 'create')).toEqual([
      { field: 'driverName', label: '司机姓名', message: '司机姓名不能为空！' },
      { field: 'idNumber', label: '身份证号', message: ID_NUMBER_MESSAGES.check },
      { field: 'mobile', label: '手机号', message: '手机号格式错误!' },
    ]);
  });
  it('on update only checks what is sent; hidden fields are not required', () => {
    expect(validateSubmission(fields, { mobile: '13812345678' }, 'update')).toEqual([]);
    expect(validateSubmission(fields, { driverName: '' }, 'update')).toHaveLength(1);
    expect(validateSubmission(fields, { driverName: '王师傅' }, 'create')).toEqual([]);
  });
});
