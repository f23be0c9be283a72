import 'dotenv/config';
import { parseArgs } from 'node:util';
import { backupDatabase } from './commands/backup';
import { restoreDatabase } from './commands/restore';
import { CommandError, createAdmin } from './commands/create-admin';
import { FORUM_USAGE, runForumCommand } from './commands/forum-commands';
import { DEMO_PASSWORD, seedDemo } from './commands/seed-demo';
import { runUserCommand, USER_USAGE } from './commands/user-commands';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { forumsFileOption, forumsToSeed, seedForums } from './db/seed-forums';

const USAGE = `Usage: npm run cli -- <command>
  migrate                                             create or update the schema
  create-admin --username U --email E --password P    an active admin account
  seed-demo [--seed N] [--topics N]                   a lively Hebrew demo forum (empty database only)
  backup FILE                                         a consistent copy of the database
                                                      (SQLite: online backup; PostgreSQL: pg_dump)
  restore FILE [--force]                              a backup back into an empty data directory or
                                                      database (--force replaces one that has tables;
                                                      SQLite: checked copy; PostgreSQL: pg_restore)
${FORUM_USAGE}
${USER_USAGE}
  Any command on an empty database seeds the default forums, or those of --forums FILE / FORUMS_FILE
  (a JSON list of {name, icon, description?}).`;

const positiveInteger = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CommandError(`--${name} must be a positive integer`);
  return number;
};

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const known = ['migrate', 'create-admin', 'seed-demo', 'backup', 'restore', 'forum', 'user'];
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
    const forumsFile = forumsFileOption(rest, config.forumsFile);
    await seedForums(db, forumsToSeed(forumsFile));
    const args = rest.filter(
      (arg, index) => arg !== '--forums' && rest[index - 1] !== '--forums' && !arg.startsWith('--forums='),
    );
    switch (command) {
      case 'migrate':
        console.log('The database is up to date.');
        return;
      case 'create-admin': {
        const { values } = parseArgs({
          args,
          options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
          strict: true,
        });
        const admin = await createAdmin(db, values, Date.now());
        console.log(`Admin ${admin.username} <${admin.email}> created (id ${admin.id}); it can log in now.`);
        return;
      }
      case 'seed-demo': {
        const { values } = parseArgs({
          args,
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
      case 'forum':
        console.log(await runForumCommand(db, systemClock, args));
        return;
      case 'user':
        console.log(await runUserCommand(db, systemClock, args));
        return;
      case 'backup': {
        const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
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
