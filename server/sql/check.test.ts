import { beforeAll, describe, expect, it } from 'vitest';
import { scanSqlParams } from '../../src/schema/sql-params';
import { checkSql, SqlCheckError, sqlParserReady } from './check';

const tables = new Set(['mm_pu_weigh', 'as_vendor']);
const refusal = (text: string) => {
  try {
    checkSql(text, { tables, declared: [{ name: 'startDate', type: 'date' }] });
  } catch (error) {
    if (error instanceof SqlCheckError) return { message: error.message, position: error.position };
    throw error;
  }
  return null;
};

describe('SQL source check (PostgreSQL grammar)', () => {
  beforeAll(() => sqlParserReady());

  it('turns named parameters into bound placeholders, leaving casts, strings, quoted names and comments alone', () => {
    const scan = scanSqlParams("select :a, :a::text, x::int, ':b', \"c:d\", $q$ :e $q$, E'\\' :f' -- :g\n/* :h /* :i */ */ from t where y = :b", () => 'text');
    expect(scan.names).toEqual(['a', 'b']);
    expect(scan.text).toBe("select ($1::text), ($1::text)::text, x::int, ':b', \"c:d\", $q$ :e $q$, E'\\' :f' -- :g\n/* :h /* :i */ */ from t where y = ($2::text)");
    // an offset after a placeholder maps back to the statement as written
    const at = scan.text.indexOf('from');
    expect(scan.original(at)).toBe("select :a, :a::text, x::int, ':b', \"c:d\", $q$ :e $q$, E'\\' :f' -- :g\n/* :h /* :i */ */ from".length - 4);
  });

  it('answers what the statement reads and keeps a trailing semicolon out of the wrapped text', () => {
    const checked = checkSql('select w.net from mm_pu_weigh w join as_vendor v on v.id = w.id where w.gross_time >= :startDate and w.org_id = :currentOrg;  -- end', { tables, declared: [{ name: 'startDate', type: 'date' }] });
    expect(checked.tables.sort()).toEqual(['as_vendor', 'mm_pu_weigh']);
    expect(checked.names).toEqual(['startDate', 'currentOrg']);
    expect(checked.text.endsWith('($2::bigint)')).toBe(true);
  });

  it('names the refused table, function or clause at its line and column, after a parameter and in Chinese text', () => {
    expect(refusal("select '日报' as 名,\n  :startDate as d,\n  pg_sleep(1)")).toEqual({ message: '不允许使用函数 pg_sleep', position: { line: 3, column: 3 } });
    expect(refusal('select 1 from mm_pu_weigh w\n  join sys_user u on true')).toEqual({ message: expect.stringContaining('sys_user'), position: { line: 2, column: 8 } });
    expect(refusal('select 1 as a;\nselect 2 as b')?.position).toEqual({ line: 2, column: 1 });
    expect(refusal('select 1 from mm_pu_weigh where :startDate > x and\n  y frm')).toEqual({ message: 'SQL 语法错误：在 "frm" 附近', position: { line: 2, column: 5 } });
  });

  it('lets a CTE name shadow nothing outside its scope', () => {
    expect(refusal('with sys_user as (select 1 as id) select * from sys_user')).toBeNull();
    expect(refusal('select * from (with sys_user as (select 1 as id) select * from sys_user) a, sys_user')?.message).toMatch(/sys_user/);
  });
});
