import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { connectDatabase, type DatabaseKind } from '../db/connect';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedForums } from '../db/seed-forums';
import { createPostgresTestDatabase, TEST_DATABASE_KINDS } from '../test/databases';
import { createReply, createTopic, createUser } from '../test/factories';
import { allRows, brokenAggregates } from '../test/tables';
import { backupDatabase } from './backup';
import { restoreDatabase } from './restore';

type Target = { database: Config['database']; drop: () => Promise<void> };

/** A new, empty database of this kind: a file in a fresh directory, or a fresh PostgreSQL database. */
async function emptyDatabase(kind: DatabaseKind): Promise<Target> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'forum-restore-'));
    return { database: { kind, file: path.join(dir, 'forum.sqlite') }, drop: async () => {} };
  }
  const created = await createPostgresTestDatabase('forum_restore');
  return { database: { kind, url: created.url }, drop: created.drop };
}

/** Writes the way the forum does (users, topics, replies, likes) until `stop` is called. */
function keepWriting(db: Kysely<Database>) {
  let running = true;
  let writes = 0;
  const done = (async () => {
    const { user } = await createUser(db);
    while (running) {
      const { topic } = await createTopic(db, { userId: user.id, subject: `נושא ${writes}` });
      const reply = await createReply(db, { topicId: topic.id, userId: user.id });
      await db
        .insertInto('likes')
        .values({ message_id: reply.id, user_id: user.id, created_at: Date.now() })
        .execute();
      writes += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return writes;
    },
  };
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`backup and restore [${kind}]`, { timeout: 60_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'forum-backups-'));
    const targets: Target[] = [];
    let source: Target;
    let db: Kysely<Database>;
    const target = async () => {
      const made = await emptyDatabase(kind);
      targets.push(made);
      return made;
    };

    beforeAll(async () => {
      source = await target();
      db = connectDatabase(source.database);
      await migrateToLatest(db);
      await seedForums(db);
      const { user } = await createUser(db);
      for (let i = 0; i < 5; i += 1) {
        const { topic } = await createTopic(db, { userId: user.id, subject: `שָׁלוֹם ${i}` });
        await createReply(db, { topicId: topic.id, userId: user.id });
      }
    });

    afterAll(async () => {
      await db?.destroy();
      for (const made of targets) await made.drop();
    });

    it('restores a backup taken while writes run into a consistent database whose rows were all written', async () => {
      const writer = keepWriting(db);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const file = path.join(dir, 'during-writes.backup');
      await backupDatabase(source.database, file);
      const writes = await writer.stop();
      expect(writes).toBeGreaterThan(0);

      const restoredTarget = await target();
      await restoreDatabase(restoredTarget.database, file);
      const restored = connectDatabase(restoredTarget.database);
      try {
        expect(await brokenAggregates(restored)).toEqual([]);
        const now = await allRows(db);
        const then = await allRows(restored);
        // A snapshot: every user, message and like it holds is in the source, unchanged.
        for (const table of ['users', 'messages', 'likes', 'forums'] as const) {
          const current = new Set(now[table]?.map((row) => JSON.stringify(row)));
          for (const row of then[table] ?? []) expect(current.has(JSON.stringify(row)), table).toBe(true);
        }
        expect(then.messages?.length).toBeGreaterThanOrEqual(10);
      } finally {
        await restored.destroy();
      }
    });

    it('restores every row of every table exactly, and the restored database takes new writes', async () => {
      const file = path.join(dir, 'quiet.backup');
      await backupDatabase(source.database, file);
      const restoredTarget = await target();
      const message = await restoreDatabase(restoredTarget.database, file);
      expect(message).toMatch(/restored/);
      const restored = connectDatabase(restoredTarget.database);
      try {
        const expected = await allRows(db);
        expect(Object.keys(expected)).toEqual(
          expect.arrayContaining(['users', 'topics', 'messages', 'likes']),
        );
        expect(await allRows(restored)).toEqual(expected);
        // Sequences and migrations came along: the next write gets a new id, and migrating is a no-op.
        await migrateToLatest(restored);
        const { user } = await createUser(restored);
        const { topic } = await createTopic(restored, { userId: user.id });
        expect(topic.id).toBeGreaterThan(
          Math.max(...(expected.topics ?? []).map((row) => Number((row as { id: number }).id))),
        );
      } finally {
        await restored.destroy();
      }
    });

    it('refuses a target that holds tables unless forced, and then replaces it', async () => {
      const file = path.join(dir, 'force.backup');
      await backupDatabase(source.database, file);
      const busy = await target();
      const other = connectDatabase(busy.database);
      await migrateToLatest(other);
      await createUser(other, { username: 'נשאר' });
      await other.destroy();

      await expect(restoreDatabase(busy.database, file)).rejects.toThrow(/--force/);
      await restoreDatabase(busy.database, file, { force: true });
      const restored = connectDatabase(busy.database);
      try {
        expect(await allRows(restored)).toEqual(await allRows(db));
      } finally {
        await restored.destroy();
      }
    });

    it('says what is missing: the backup file, or pg_restore', async () => {
      const empty = await target();
      await expect(restoreDatabase(empty.database, path.join(dir, 'nothing.backup'))).rejects.toThrow(
        /no backup at/,
      );
      if (kind === 'postgres') {
        const file = path.join(dir, 'tool.backup');
        await backupDatabase(source.database, file);
        await expect(
          restoreDatabase(empty.database, file, { pgRestore: 'pg_restore_not_installed' }),
        ).rejects.toThrow(/pg_restore is the tool, and it is not on PATH/);
      }
    });
  });
}
