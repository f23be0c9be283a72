import 'dotenv/config';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { forumsFileOption, forumsToSeed, seedForums } from './db/seed-forums';

/** The only place that listens: migrates, seeds the forums on first start, serves, shuts down cleanly. */
async function main() {
  const config = loadConfig();
  const db = connectDatabase(config.database);
  await migrateToLatest(db);
  // An empty database starts with the forums of `--forums FILE` (or FORUMS_FILE), else the defaults.
  await seedForums(db, forumsToSeed(forumsFileOption(process.argv.slice(2), config.forumsFile)));
  const app = await buildApp({ config, db, mailQueue: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.siteName} on ${config.publicUrl} (${config.database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
