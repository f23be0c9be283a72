import 'dotenv/config';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedForums } from './db/seed-forums';

const USAGE = `Usage: npm run cli -- <command>
  migrate                                             create or update the schema
  create-admin --username U --email E --password P    an active admin account
  seed-demo                                           a lively Hebrew demo forum
  backup FILE                                         a consistent copy of the database`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const db = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    await seedForums(db);
    switch (command) {
      case 'migrate':
        console.log('The database is up to date.');
        return;
      default:
        console.error(USAGE);
        process.exitCode = 2;
        void parseArgs;
        void rest;
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
