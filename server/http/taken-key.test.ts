import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { badRequest } from './app-error';
import { writeUnlessTaken } from './taken-key';

/** A database whose transactions run the write as given (no connection: what it throws is what the test makes it throw). */
const db = { transaction: () => ({ execute: <T>(write: (trx: unknown) => Promise<T>) => write({}) }) } as unknown as Kysely<unknown>;
const violation = Object.assign(new Error('duplicate key value violates unique constraint "sys_user_username_key"'), { code: '23505', constraint: 'sys_user_username_key' });
const taken = badRequest('用户名已存在', { field: 'username' });

describe('writeUnlessTaken', () => {
  it('answers what the write answers, without checking again', async () => {
    let checks = 0;
    expect(await writeUnlessTaken(db, async () => { checks += 1; }, async () => 7)).toBe(7);
    expect(checks).toBe(0);
  });

  it('turns a unique violation into the check\'s refusal, which now sees the row that took the key', async () => {
    await expect(writeUnlessTaken(db, async () => { throw taken; }, async () => { throw violation; })).rejects.toBe(taken);
  });

  it('leaves a unique violation the check does not explain, and any other error, as they were', async () => {
    await expect(writeUnlessTaken(db, async () => undefined, async () => { throw violation; })).rejects.toBe(violation);
    const other = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let checks = 0;
    await expect(writeUnlessTaken(db, async () => { checks += 1; }, async () => { throw other; })).rejects.toBe(other);
    expect(checks).toBe(0);
  });
});
