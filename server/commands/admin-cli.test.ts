import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
 * `npm run cli -- forum …` and `user …` as an operator runs them, in a child process against a
 * temporary DATA_DIR whose empty database is seeded from a forums file. The services behind them
 * have their API tests on both databases; this checks the wiring, output and exit codes.
 */
describe('npm run cli -- forum / user', { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-admin-cli-'));
  const databaseFile = path.join(dataDir, 'forum.sqlite');
  const forumsFile = path.join(dataDir, 'forums.json');
  writeFileSync(
    forumsFile,
    JSON.stringify([
      { name: 'ראשון', icon: '💬', description: 'הפורום הראשון' },
      { name: 'שני', icon: '🎮' },
      { name: 'שלישי', icon: '🎵' },
    ]),
  );

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

  const query = <T>(sql: string, ...params: unknown[]) => {
    const sqlite = new SqliteDatabase(databaseFile);
    try {
      return sqlite.prepare(sql).all(...params) as T[];
    } finally {
      sqlite.close();
    }
  };
  const run = (sql: string, ...params: unknown[]) => {
    const sqlite = new SqliteDatabase(databaseFile);
    try {
      sqlite.prepare(sql).run(...params);
    } finally {
      sqlite.close();
    }
  };
  const order = () =>
    query<{ id: number }>('SELECT id FROM forums ORDER BY position, id').map((row) => row.id);

  it('seeds an empty database from --forums FILE and lists the forums in order', async () => {
    const listed = await cli(['forum', 'list', '--forums', forumsFile]);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('1. [1] 💬 ראשון (0 topics) — הפורום הראשון');
    expect(listed.stdout).toContain('3. [3] 🎵 שלישי (0 topics)');
    expect(order()).toEqual([1, 2, 3]);
  });

  it('adds, renames, re-icons, describes and moves a forum', async () => {
    const added = await cli(['forum', 'add', '--name', 'רביעי', '--icon', '🎲', '--description', 'קוביות']);
    expect(added.stdout).toContain('Forum 4 added');
    expect((await cli(['forum', 'rename', '4', 'קוביות ועוד'])).code).toBe(0);
    expect((await cli(['forum', 'icon', '4', '😀'])).code).toBe(0);
    expect((await cli(['forum', 'describe', '4', 'תיאור'])).code).toBe(0);
    const moved = await cli(['forum', 'move-up', '4']);
    expect(moved.stdout).toContain('Order: 1, 2, 4, 3');
    expect(order()).toEqual([1, 2, 4, 3]);
    expect(query('SELECT name, icon, description FROM forums WHERE id = 4')).toEqual([
      { name: 'קוביות ועוד', icon: '😀', description: 'תיאור' },
    ]);
    const badIcon = await cli(['forum', 'icon', '4', 'abc']);
    expect(badIcon.code).toBe(1);
    expect(badIcon.stderr).toContain('הסמל של הפורום צריך להיות אימוג׳י אחד');
  });

  it('refuses to remove a forum with topics, merges it, then removes an empty one', async () => {
    run(
      `INSERT INTO users (username, username_key, email, email_key, password_hash, is_admin, is_active, created_at)
       VALUES ('כותב', 'כותב', 'writer@example.test', 'writer@example.test', '!', 0, 1, 0)`,
    );
    run(
      `INSERT INTO topics (id, forum_id, user_id, subject, subject_search, image, preview, replies, created_at, timestamp)
       VALUES (100, 2, 1, 'נושא', 'נושא', 'x-big.webp', '', 0, 0, 1)`,
    );
    const refused = await cli(['forum', 'remove', '2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('בפורום יש נושאים');
    const merged = await cli(['forum', 'merge', '2', '--into', '1']);
    expect(merged.stdout).toContain('1 topics moved');
    expect(query('SELECT forum_id FROM topics WHERE id = 100')).toEqual([{ forum_id: 1 }]);
    // The moderation log records the command line's merge too, with no admin user behind it.
    expect(query("SELECT action, admin_id FROM moderation_log WHERE action = 'forum_merged'")).toEqual([
      { action: 'forum_merged', admin_id: null },
    ]);
    const removed = await cli(['forum', 'remove', '3']);
    expect(removed.code).toBe(0);
    expect(order()).toEqual([1, 4]);
  });

  it('finds, suspends, unsuspends and makes an admin', async () => {
    const found = await cli(['user', 'find', 'WRITER']);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain('<writer@example.test>');
    expect(found.stdout).toContain('0 messages');
    const suspended = await cli([
      'user',
      'suspend',
      'writer@example.test',
      '--days',
      '2',
      '--reason',
      'ספאם',
    ]);
    expect(suspended.stderr).toBe('');
    expect(suspended.stdout).toMatch(/suspended until .*: ספאם/);
    const forGood = await cli(['user', 'suspend', 'כותב', '--forever', '--reason', 'ספאם']);
    expect(forGood.stdout).toContain('suspended for good');
    const noReason = await cli(['user', 'suspend', 'כותב', '--forever']);
    expect(noReason.code).toBe(1);
    const lifted = await cli(['user', 'unsuspend', '1']);
    expect(lifted.stdout).not.toContain('suspended');
    const made = await cli(['user', 'make-admin', 'כותב']);
    expect(made.stdout).toContain('(admin)');
    expect(query('SELECT is_admin FROM users WHERE id = 1')).toEqual([{ is_admin: 1 }]);
    const unknown = await cli(['user', 'make-admin', 'nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user "nobody"');
  });
});
