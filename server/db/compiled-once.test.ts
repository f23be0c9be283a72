import { type CompiledQuery, sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { findSessionUser } from '../modules/accounts/accounts.repository';
import { hashToken } from '../plugins/auth';
import { describeEachDatabase } from '../test/databases';
import { createUser } from '../test/factories';
import { compiledOnce, compiledStatementOnce } from './compiled-once';

describeEachDatabase('compiledOnce', (ctx) => {
  it('builds the query once and runs it with each call’s values in the placeholders’ places', async () => {
    let builds = 0;
    const usersNamed = compiledOnce(
      (db, username: string, minId: number) => {
        builds += 1;
        return db
          .selectFrom('users')
          .select(['id', 'username'])
          .where('username', '=', username)
          .where('id', '>=', minId)
          .where('is_active', 'in', [0, 1]);
      },
      ['\u0000username', Number.MIN_SAFE_INTEGER] as const,
    );
    const first = await createUser(ctx.db);
    const second = await createUser(ctx.db);
    expect(await usersNamed(ctx.db, first.user.username, 0)).toEqual([
      { id: first.user.id, username: first.user.username },
    ]);
    expect(await usersNamed(ctx.db, second.user.username, 0)).toEqual([
      { id: second.user.id, username: second.user.username },
    ]);
    expect(await usersNamed(ctx.db, second.user.username, second.user.id + 1)).toEqual([]);
    expect(builds).toBe(1);
  });

  it('compiles once for the database and every transaction of it, each call running in its own', async () => {
    let builds = 0;
    const renameUser = compiledStatementOnce(
      (db, id: number, username: string) => {
        builds += 1;
        return db.updateTable('users').set({ username }).where('id', '=', id);
      },
      [Number.MIN_SAFE_INTEGER, '\u0000username'] as const,
    );
    const usernameOf = compiledOnce(
      (db, id: number) => db.selectFrom('users').select('username').where('id', '=', id),
      [Number.MIN_SAFE_INTEGER] as const,
    );
    const { user } = await createUser(ctx.db);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        const renamed = await renameUser(trx, user.id, 'שם-בתוך-עסקה');
        expect(Number(renamed.numAffectedRows)).toBe(1);
        expect(await usernameOf(trx, user.id)).toEqual([{ username: 'שם-בתוך-עסקה' }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await usernameOf(ctx.db, user.id)).toEqual([{ username: user.username }]);
    await ctx.db.transaction().execute(async (trx) => {
      expect(Number((await renameUser(trx, user.id, 'שם-שנשמר')).numAffectedRows)).toBe(1);
    });
    expect(await usernameOf(ctx.db, user.id)).toEqual([{ username: 'שם-שנשמר' }]);
    expect(Number((await renameUser(ctx.db, user.id + 1000, 'אין-כזה')).numAffectedRows)).toBe(0);
    expect(builds).toBe(1);
  });

  it('runs each call with its own limit, written into the SQL on SQLite and bound on PostgreSQL', async () => {
    const newestUsers = compiledOnce(
      (db, minId: number, limit: number) =>
        db.selectFrom('users').select('id').where('id', '>=', minId).orderBy('id', 'desc').limit(limit),
      [Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER + 1] as const,
    );
    const ids = [];
    for (let made = 0; made < 3; made += 1) ids.push((await createUser(ctx.db)).user.id);
    const run = vi.spyOn(ctx.db, 'executeQuery');
    try {
      expect(await newestUsers(ctx.db, 0, 2)).toEqual([{ id: ids[2] }, { id: ids[1] }]);
      expect(await newestUsers(ctx.db, 0, 1)).toEqual([{ id: ids[2] }]);
      expect(await newestUsers(ctx.db, ids[1] ?? 0, 3)).toEqual([{ id: ids[2] }, { id: ids[1] }]);
      expect(await newestUsers(ctx.db, 0, 2)).toHaveLength(2);
      const sent = run.mock.calls.map(([query]) => query as CompiledQuery);
      if (ctx.kind === 'sqlite') {
        expect(sent.map((query) => / limit (\d+)$/.exec(query.sql)?.[1])).toEqual(['2', '1', '3', '2']);
        expect(sent.map((query) => query.parameters)).toEqual([[0], [0], [ids[1]], [0]]);
        await expect(newestUsers(ctx.db, 0, 1.5)).rejects.toThrow('limit must be an integer');
      } else {
        expect(new Set(sent.map((query) => query.sql)).size).toBe(1);
        expect(sent.map((query) => query.parameters)).toEqual([
          [0, 2],
          [0, 1],
          [ids[1], 3],
          [0, 2],
        ]);
      }
    } finally {
      run.mockRestore();
    }
  });

  it('keeps the session lookup’s rules: an expired session or a suspended user is no one', async () => {
    const { user, token } = await createUser(ctx.db);
    const now = ctx.clock.now();
    expect((await findSessionUser(ctx.db, hashToken(token), now))?.id).toBe(user.id);
    expect(await findSessionUser(ctx.db, hashToken(`${token}x`), now)).toBeUndefined();
    expect(await findSessionUser(ctx.db, hashToken(token), now + 2e12)).toBeUndefined();
    await ctx.db
      .updateTable('users')
      .set({ suspended_until: now + 1000 })
      .where('id', '=', user.id)
      .execute();
    expect(await findSessionUser(ctx.db, hashToken(token), now)).toBeUndefined();
    expect((await findSessionUser(ctx.db, hashToken(token), now + 1000))?.id).toBe(user.id);
  });
});

describeEachDatabase('compiledOnce on PostgreSQL', (ctx) => {
  it('runs a query compiled once as a named prepared statement, and a query built per call as text', async () => {
    if (ctx.kind !== 'postgres') return;
    const byName = compiledOnce(
      (db, username: string) => db.selectFrom('users').select('id').where('username', '=', username),
      ['\u0000username'] as const,
    );
    const { user } = await createUser(ctx.db);
    // One transaction is one connection, the one whose prepared statements the view lists.
    const prepared = await ctx.db.transaction().execute(async (trx) => {
      for (let run = 0; run < 3; run += 1)
        expect(await byName(trx, user.username)).toEqual([{ id: user.id }]);
      await trx.selectFrom('users').select('id').where('email', '=', user.email).execute();
      const { rows } = await sql<{
        name: string;
        statement: string;
      }>`SELECT name, statement FROM pg_prepared_statements`.execute(trx);
      return rows;
    });
    const statements = prepared.map((row) => row.statement);
    expect(statements.filter((text) => text.includes('"username" = $1'))).toHaveLength(1);
    expect(statements.some((text) => text.includes('"email" = $1'))).toBe(false);
    expect(prepared.find((row) => row.statement.includes('"username" = $1'))?.name).toMatch(/^forum_\d+$/);
  });
});

describeEachDatabase('compiledOnce on PostgreSQL after another instance migrates', (ctx) => {
  it('keeps answering a prepared `SELECT *` once its table gains a column', async () => {
    if (ctx.kind !== 'postgres') return;
    const allOfUser = compiledOnce(
      (db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id),
      [Number.MIN_SAFE_INTEGER] as const,
    );
    const { user } = await createUser(ctx.db);
    // Every connection of the pool prepares it (more calls at once than the pool has connections).
    const everywhere = () => Promise.all(Array.from({ length: 12 }, () => allOfUser(ctx.db, user.id)));
    await everywhere();
    await sql`ALTER TABLE users ADD COLUMN added_elsewhere integer`.execute(ctx.db);
    try {
      for (const rows of await everywhere())
        expect(rows[0]).toMatchObject({ id: user.id, added_elsewhere: null });
      for (const rows of await everywhere()) expect(rows[0]?.id).toBe(user.id);
    } finally {
      await sql`ALTER TABLE users DROP COLUMN added_elsewhere`.execute(ctx.db);
    }
  });
});
