import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The command line as an operator runs it (`npm run cli -- ...` is `tsx server/cli.ts`), in a
 * child process with a temporary DATA_DIR. The commands' logic is tested in-process on both
 * databases (commands.test.ts); this checks the wiring: arguments, output, exit codes.
 */
describe('npm run cli', { timeout: 90_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-cli-'));
  const databaseFile = path.join(dataDir, 'forum.sqlite');

  const cli = (args: string[], env: Record<string, string> = {}) =>
    new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.resolve('server/cli.ts'), ...args],
        {
          env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env },
          timeout: 120_000,
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });

  const count = (file: string, table: string) => {
    const sqlite = new SqliteDatabase(file, { readonly: true });
    try {
      return (sqlite.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get() as { count: number }).count;
    } finally {
      sqlite.close();
    }
  };

  it('prints the usage for an unknown command', async () => {
    const run = await cli(['frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('create-admin --username U --email E --password P');
  });

  it('migrate creates the database file with the forums', async () => {
    const run = await cli(['migrate']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(existsSync(databaseFile)).toBe(true);
    expect(count(databaseFile, 'forums')).toBeGreaterThan(0);
  });

  it('create-admin makes an admin, and refuses bad input with the Hebrew rule', async () => {
    const ok = await cli([
      'create-admin',
      '--username',
      'מנהל',
      '--email',
      'root@example.com',
      '--password',
      'correct-horse',
    ]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('root@example.com');
    const bad = await cli([
      'create-admin',
      '--username',
      'מנהל2',
      '--email',
      'nope',
      '--password',
      'correct-horse',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('יש להזין כתובת אימייל תקינה');
    expect(count(databaseFile, 'users')).toBe(1);
  });

  it('seed-demo fills the forum', async () => {
    const run = await cli(['seed-demo', '--topics', '12', '--seed', '5']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('12 topics');
    expect(count(databaseFile, 'topics')).toBe(12);
  });

  it('backup writes a copy that holds the data', async () => {
    const file = path.join(dataDir, 'backups', 'copy.sqlite');
    const run = await cli(['backup', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(count(file, 'topics')).toBe(12);
    expect(count(file, 'users')).toBe(count(databaseFile, 'users'));
  });

  it('restore puts the backup into an empty data directory and refuses one with tables', async () => {
    const file = path.join(dataDir, 'backups', 'copy.sqlite');
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'forum-cli-restore-'));
    const run = await cli(['restore', file], { DATA_DIR: emptyDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(count(path.join(emptyDir, 'forum.sqlite'), 'topics')).toBe(12);
    const refused = await cli(['restore', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--force');
  });
});
