import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, DummyDriver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { escapeLike, pageOf, sortOf, whereSearch, type ColumnSpec, type SearchCondition } from './list-query';

interface T { t: { name: string; weight: number; enabled: boolean } }
const db = new Kysely<T>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});
const columns: Record<string, ColumnSpec> = {
  name: { ref: 't.name', type: 'text' },
  weight: { ref: 't.weight', type: 'number' },
  enabled: { ref: 't.enabled', type: 'boolean' },
};
const compile = (search: SearchCondition[]) => db.selectFrom('t').selectAll().where((eb) => whereSearch(eb, search, columns)).compile();

describe('whereSearch', () => {
  it('binds every value and takes column names only from the column table', () => {
    const q = compile([{ key: 'name', op: 'like', val: '东方' }, { key: 'weight', op: 'ge', val: '10.5' }, { key: 'enabled', op: 'eq', val: false }]);
    expect(q.sql).toBe('select * from "t" where ("t"."name" ilike $1 and "t"."weight" >= $2 and "t"."enabled" = $3)');
    expect(q.parameters).toEqual(['%东方%', 10.5, false]);
  });

  it('escapes like wildcards so a % matches a %', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(compile([{ key: 'name', op: 'like', val: '50%' }]).parameters).toEqual(['%50\\%%']);
  });

  it('splits a comma-joined in list and caps it at 1000 values', () => {
    expect(compile([{ key: 'weight', op: 'in', val: '1,2,3' }]).parameters).toEqual([1, 2, 3]);
    expect(() => compile([{ key: 'weight', op: 'in', val: Array.from({ length: 1001 }, (_, i) => i) }])).toThrow('不能超过 1000 个值');
  });

  it('ORs a combined condition', () => {
    const q = compile([{ conj: 'or', list: [{ key: 'name', op: 'like', val: 'a' }, { key: 'name', op: 'eq', val: 'b' }] }]);
    expect(q.sql).toContain('("t"."name" ilike $1 or "t"."name" = $2)');
  });

  it('skips empty values but keeps 0 and false', () => {
    const q = compile([{ key: 'name', op: 'eq', val: '' }, { key: 'weight', op: 'eq', val: 0 }, { key: 'enabled', op: 'eq', val: false }]);
    expect(q.parameters).toEqual([0, false]);
  });

  it('refuses unknown keys, unknown operators, injection attempts and wrong types with a message', () => {
    expect(() => compile([{ key: 'id;drop table x', op: 'eq', val: 1 }])).toThrow('不支持的查询字段 id;drop table x');
    expect(() => compile([{ key: 'constructor', op: 'eq', val: 1 }])).toThrow('不支持的查询字段 constructor');
    expect(() => compile([{ key: 'weight', op: 'regex' as never, val: 1 }])).toThrow('不支持的查询操作符 regex');
    expect(() => compile([{ key: 'weight', op: 'eq', val: '0 UNION SELECT 1' }])).toThrow('查询条件 weight 的值须为数字');
    expect(() => compile([{ key: 'weight', op: 'like', val: '1' }])).toThrow('不支持模糊查询');
    expect(() => compile([{ key: 'enabled', op: 'eq', val: 'maybe' }])).toThrow('须为是或否');
  });
});

describe('pageOf and sortOf', () => {
  it('computes the offset and refuses pages below 1 or sizes over 1000', () => {
    expect(pageOf({ limit: { pn: 3, ps: 20 } })).toEqual({ pn: 3, ps: 20, offset: 40 });
    expect(pageOf({})).toEqual({ pn: 1, ps: 10, offset: 0 });
    expect(() => pageOf({ limit: { pn: 0, ps: 10 } })).toThrow('页码不能小于1');
    expect(() => pageOf({ limit: { pn: 1, ps: 1001 } })).toThrow('每页条数须在1到1000之间');
  });

  it('maps sort keys through the column table, default descending', () => {
    expect(sortOf({ sort: [{ key: 'weight' }, { key: 'name', dir: 'asc' }] }, columns)).toEqual([{ ref: 't.weight', dir: 'desc' }, { ref: 't.name', dir: 'asc' }]);
    expect(() => sortOf({ sort: [{ key: '(case when 1=1 then name end)' }] }, columns)).toThrow('不支持的排序字段');
  });
});
