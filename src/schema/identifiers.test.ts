import { describe, expect, it } from 'vitest';
import { camelCase, identifierProblem } from './identifiers';
import { snakeCase } from './resource';

describe('identifier rules of data sources', () => {
  it('accepts lower-case snake case and round-trips it through the field name', () => {
    for (const name of ['tr_freight_contract', 'price', 'item2', 'a_b2c']) {
      expect(identifierProblem(name, 'table')).toBeNull();
      expect(snakeCase(camelCase(name))).toBe(name);
    }
  });
  it('refuses each broken rule with its own reason', () => {
    expect(identifierProblem('', 'table')).toBe('不能为空');
    expect(identifierProblem('Price', 'column')).toMatch(/下划线命名/);
    expect(identifierProblem('price__x', 'column')).toMatch(/下划线命名/);
    expect(identifierProblem('item_2', 'column')).toMatch(/下划线命名/);
    expect(identifierProblem('2nd', 'column')).toMatch(/下划线命名/);
    expect(identifierProblem('a'.repeat(63), 'column')).toBeNull();
    expect(identifierProblem('a'.repeat(64), 'column')).toBe('长度不能超过 63 字节');
    expect(identifierProblem('a'.repeat(61), 'column', 3)).toBe('长度不能超过 60 字节');
    expect(identifierProblem('user', 'table')).toBe('user 是 PostgreSQL 保留字');
    expect(identifierProblem('version', 'column')).toBe('version 是系统列');
    expect(identifierProblem('xmin', 'column')).toBe('xmin 是系统列');
    expect(identifierProblem('version', 'table')).toBeNull();
    expect(identifierProblem('sys_role2', 'table')).toBe('sys_开头的是平台表');
    expect(identifierProblem('pg_stat', 'table')).toBe('pg_开头的是平台表');
    expect(identifierProblem('cg_x', 'column')).toBeNull();
  });
});
