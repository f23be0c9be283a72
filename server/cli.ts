import 'dotenv/config';
import { parseArgs } from 'node:util';
import { backupDatabase } from './commands/backup';
import { restoreDatabase } from './commands/restore';
import { CommandError, createAdmin } from './commands/create-admin';
import { DEMO_PASSWORD, seedDemo } from './commands/seed-demo';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedForums } from './db/seed-forums';

const USAGE = `Usage: npm run cli -- <command>
  migrate                                             create or update the schema
  create-admin --username U --email E --password P    an active admin account
  seed-demo [--seed N] [--topics N]                   a lively Hebrew demo forum (empty database only)
  backup FILE                                         a consistent copy of the database
                                                      (SQLite: online backup; PostgreSQL: pg_dump)
  restore FILE [--force]                              a backup back into an empty data directory or
                                                      database (--force replaces one that has tables;
                                                      SQLite: checked copy; PostgreSQL: pg_restore)`;

const positiveInteger = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CommandError(`--${name} must be a positive integer`);
  return number;
};

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const known = ['migrate', 'create-admin', 'seed-demo', 'backup', 'restore'];
  if (!command || !known.includes(command)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (command === 'restore') {
    // Before connecting: opening the database would create and migrate the empty target.
    const { positionals, values } = parseArgs({
      args: rest,
      options: { force: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new CommandError('restore: give exactly one FILE');
    console.log(await restoreDatabase(config.database, file, { force: values.force ?? false }));
    return;
  }
  const db = connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    await seedForums(db);
    switch (command) {
      case 'migrate':
        console.log('The database is up to date.');
        return;
      case 'create-admin': {
        const { values } = parseArgs({
          args: rest,
          options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
          strict: true,
        });
        const admin = await createAdmin(db, values, Date.now());
        console.log(`Admin ${admin.username} <${admin.email}> created (id ${admin.id}); it can log in now.`);
        return;
      }
      case 'seed-demo': {
        const { values } = parseArgs({
          args: rest,
          options: { seed: { type: 'string' }, topics: { type: 'string' } },
          strict: true,
        });
        const started = Date.now();
        const summary = await seedDemo(db, {
          seed: positiveInteger('seed', values.seed, 1),
          topics: positiveInteger('topics', values.topics, 300),
          now: Date.now(),
          publicUrl: config.publicUrl,
        });
        console.log(
          `Demo forum seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.users} users, ` +
            `${summary.topics} topics, ${summary.messages} messages, ${summary.likes} likes, ` +
            `${summary.reports} reports, ${summary.images} images.\n` +
            `Demo users log in as demo1@example.com … demo${summary.users}@example.com with the password "${DEMO_PASSWORD}".`,
        );
        return;
      }
      case 'backup': {
        const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
        const file = positionals[0];
        if (!file || positionals.length > 1) throw new CommandError('backup: give exactly one FILE');
        console.log(await backupDatabase(config.database, file));
        return;
      }
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
