import { describe, expect, it } from 'vitest';
import { desensitize, desensitizeKindOf, isDesensitizeOn } from './desensitize';

describe('desensitize', () => {
  it('keeps the first 6 and last 4 characters of an identity number with 8 stars', () => {
    expect(desensitize('11010519491231002X', 'idNumber')).toBe('110105********002X');
  });
  it('keeps the first 3 and last 4 digits of a mobile with 4 stars', () => {
    expect(desensitize('13812345678', 'mobile')).toBe('138****5678');
  });
  it('leaves empty and too-short values readable', () => {
    expect(desensitize(null, 'mobile')).toBe('');
    expect(desensitize('1234', 'mobile')).toBe('1234');
  });
  it('applies only when the setting equals 1', () => {
    expect(isDesensitizeOn('1')).toBe(true);
    expect(isDesensitizeOn(1)).toBe(true);
    expect(isDesensitizeOn('0')).toBe(false);
    expect(isDesensitizeOn(undefined)).toBe(false);
  });
  it('knows the kind from the field name', () => {
    expect(desensitizeKindOf('driverIdNumber')).toBe('idNumber');
    expect(desensitizeKindOf('mobile')).toBe('mobile');
    expect(desensitizeKindOf('plateNumber')).toBeNull();
  });
});
