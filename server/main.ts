import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/seed';
import { seedDatabase } from './seed/seed';
import { WeighStation } from './weigh/station/station';

/** `npm start` / `npm run server`: open the database, migrate, seed, serve. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timezone: config.timezone });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, {
    mode: config.seed,
    adminPassword: config.adminPassword,
    onGeneratedPassword: (password) => console.log(`\n  Created user admin with the generated password: ${password}\n  (shown once; change it after signing in)\n`),
  });
  const app = await buildApp({ config, database, logger: process.env.LOG_LEVEL !== 'silent' });
  const station = config.weighStation
    ? new WeighStation({ db: database.db, databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, connection: { simulator: { cheatEvery: config.simulatorCheatEvery } } })
    : undefined;
  if (station) {
    app.svc.weigh = station;
    app.addHook('onClose', () => station.stop());
  }
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  await station?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n  汽车衡统一管控平台 is running at ${url}  (database: ${where})`);
  console.log(`  API documentation: ${url}/api/docs`);
  if (config.seed === 'demo') {
    console.log(`  Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.filter((u) => !('password' in u)).map((u) => `${u.username} (${u.realName})`).join(', ')}`);
    console.log('  newuser / 123456 must change the initial password at first sign-in.\n');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
