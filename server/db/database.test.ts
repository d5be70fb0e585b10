import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../tests/server/support/temp-dirs';
import { openDatabase } from './database';

const threadPorts = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;

describe('openDatabase (embedded)', () => {
  // each database a copy of the run's new, empty data directory (creating one takes seconds)
  const dirs = useTempDirs('wb-open-');

  it('ends the database thread on close even when no statement ever ran', async () => {
    const before = threadPorts();
    const database = await openDatabase({ dataDir: await dirs.dataDir(), sharedBuffers: '16MB' });
    expect(threadPorts()).toBe(before + 1);
    await database.close();
    expect(threadPorts()).toBe(before);
  }, 60_000);

  it('starts with the buffer pool asked for, and refuses a size that is not one', async () => {
    const database = dirs.keepOpen(await openDatabase({ dataDir: await dirs.dataDir(), sharedBuffers: '16MB' }));
    const shown = await sql<{ sharedBuffers: string }>`show shared_buffers`.execute(database.db);
    expect(shown.rows[0].sharedBuffers).toBe('16MB');
    await expect(openDatabase({ dataDir: await dirs.dataDir(), sharedBuffers: '16MB; drop table x' })).rejects.toThrow('sharedBuffers must be a size such as 16MB');
  }, 60_000);
});
