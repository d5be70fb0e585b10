import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedBenchWeighs } from '../seed/bench-weighs';
import { seedDatabase } from '../seed/seed';

/** `npm run seed:bench [count]`: adds 200,000 purchase weigh records to the first demo organisation. */
const count = Number(process.argv[2] ?? 200_000);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timezone: config.timezone });
try {
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { mode: 'demo' });
  const org = await database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
  const started = Date.now();
  const total = await seedBenchWeighs(database.db, org.id, count, (done) => {
    if (done % 20_000 === 0) console.log(`  ${done} / ${count}`);
  });
  console.log(`Added ${count} weigh records in ${((Date.now() - started) / 1000).toFixed(1)} s; 东方能源有限公司 now has ${total}.`);
} finally {
  await database.close();
}
