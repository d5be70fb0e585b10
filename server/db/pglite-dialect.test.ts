import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

describe('PGlite dialect: statements with parameters run prepared', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: {} });
    await sql`create table dialect_probe (id bigint primary key, name text not null, amount numeric(12,2), tags text[], doc jsonb, at timestamptz)`.execute(database.db);
  });
  afterAll(async () => { await database.close(); });

  const probe = (id: number) => sql<Record<string, unknown>>`select * from dialect_probe where id = ${id}`.execute(database.db);

  it('binds every value kind as PGlite itself does, and reads the types back the same way', async () => {
    const at = new Date('2026-11-23T08:00:00Z');
    for (let i = 1; i <= 8; i++) { // past the point where PostgreSQL weighs a generic plan
      await sql`insert into dialect_probe (id, name, amount, tags, doc, at) values (${i}, ${`名称${i}`}, ${'12.50'}, ${['a', 'b']}, ${JSON.stringify({ k: i })}, ${at})`.execute(database.db);
    }
    const { rows } = await probe(8);
    expect(rows).toEqual([{ id: 8, name: '名称8', amount: '12.50', tags: ['a', 'b'], doc: { k: 8 }, at }]);
    const none = await sql`select count(*) as n from dialect_probe where name = ${null}`.execute(database.db);
    expect(none.rows).toEqual([{ n: 0 }]);
  });

  it('maps column names to camelCase, never the keys inside a json column (a history step keys nodes by f:as_vehicle.plate_no)', async () => {
    const doc = { nodes: { 'f:as_vehicle.plate_no': { id: 'f:as_vehicle.plate_no' } }, snake_key: [{ inner_key: 1 }] };
    await sql`insert into dialect_probe (id, name, doc) values (${20}, ${'json'}, ${JSON.stringify(doc)})`.execute(database.db);
    const { rows } = await sql<Record<string, unknown>>`select doc as doc_read from dialect_probe where id = ${20}`.execute(database.db);
    expect(rows).toEqual([{ docRead: doc }]);
  });

  it('reports affected rows of a write', async () => {
    const result = await database.db.updateTable('dialect_probe' as never).set({ name: '改' } as never).where('id' as never, '<=', 3 as never).executeTakeFirst();
    expect(Number(result.numUpdatedRows)).toBe(3);
  });

  it('prepares a select * again when its table gained a column (the designer adds columns to live tables)', async () => {
    for (let i = 0; i < 7; i++) await probe(1);
    await sql`alter table dialect_probe add column extra text default 'x'`.execute(database.db);
    const { rows } = await probe(1);
    expect(rows[0]).toMatchObject({ id: 1, extra: 'x' });
  });

  it('answers a database error with its code and leaves the connection usable', async () => {
    await expect(sql`insert into dialect_probe (id, name) values (${1}, ${'dup'})`.execute(database.db)).rejects.toMatchObject({ code: '23505' });
    await expect(sql`select no_such_column from dialect_probe where id = ${1}`.execute(database.db)).rejects.toMatchObject({ code: '42703' });
    const { rows } = await probe(2);
    expect(rows).toHaveLength(1);
  });

  it('keeps a failed statement inside a transaction from leaking past its rollback', async () => {
    await expect(database.db.transaction().execute(async (trx) => {
      await sql`update dialect_probe set name = ${'事务内'} where id = ${4}`.execute(trx);
      await sql`insert into dialect_probe (id, name) values (${4}, ${'dup'})`.execute(trx);
    })).rejects.toMatchObject({ code: '23505' });
    const { rows } = await probe(4);
    expect(rows[0]).toMatchObject({ name: '名称4' });
  });

  it('runs concurrent single statements in order and answers each its own rows', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => sql<{ v: number }>`select ${i}::int * 2 as v`.execute(database.db)));
    expect(answers.map((a) => a.rows[0].v)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
  });

  it('keeps a statement of another request out of an open transaction (it waits, and never sees what is rolled back)', async () => {
    let insideTransaction!: () => void;
    const inside = new Promise<void>((resolve) => { insideTransaction = resolve; });
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => { finish = resolve; });
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`insert into dialect_probe (id, name) values (${900}, ${'未提交'})`.execute(trx);
      insideTransaction();
      await finishing;
      throw new Error('roll back');
    }).catch((error: Error) => error.message);
    await inside;
    let answered = false;
    const outside = sql<{ n: number }>`select count(*) as n from dialect_probe where id = ${900}`.execute(database.db).then((r) => { answered = true; return r.rows[0].n; });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false); // waits for the transaction to end
    finish();
    expect(await transaction).toBe('roll back');
    expect(await outside).toBe(0);
  });

  it('streams a result in chunks while other statements go on (a slow export holds no one up)', async () => {
    const stream = sql<{ n: number }>`select n from generate_series(1, ${2500}::int) as n`.compile(database.db);
    const chunks: number[] = [];
    let others = 0;
    for await (const chunk of database.db.getExecutor().stream(stream, 1000)) {
      chunks.push(chunk.rows.length);
      // between chunks, another request's statement is answered
      const { rows } = await sql<{ v: number }>`select ${others}::int + 1 as v`.execute(database.db);
      others = rows[0].v;
    }
    expect(chunks).toEqual([1000, 1000, 500]);
    expect(others).toBe(3);
  });

  it('keeps working past the statement cache size (old statements are closed)', async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await sql<{ v: number }>`select ${1}::int + ${sql.lit(i)} as v`.execute(database.db);
      expect(rows[0].v).toBe(1 + i);
    }
  });
});
