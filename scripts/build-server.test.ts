import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../server/db/connect';
import { createPostgresTestDatabase, TEST_DATABASE_KINDS } from '../server/test/databases';
import { createUser } from '../server/test/factories';
import { freePort, startServer } from '../server/test/server-process';
import { buildServer } from './build-server';

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The production server as `npm run build` bundles it (scripts/build-server.ts): pure-JavaScript
 * packages inside the bundle, and the bundle itself running on each database.
 */
describe('the server bundle', () => {
  // Inside the project, so the packages left outside resolve from its node_modules.
  mkdirSync('dist', { recursive: true });
  const outdir = mkdtempSync(path.join('dist', 'server-bundle-test-'));
  let metafile: Metafile;
  beforeAll(async () => {
    metafile = (await buildServer(outdir)).metafile;
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('leaves out only native packages and those of rare paths, loaded on first use', () => {
    const external = new Set(
      Object.values(metafile.outputs)
        .flatMap((output) => output.imports)
        .filter(
          (entry) =>
            entry.external && !entry.path.startsWith('node:') && !builtinModules.includes(entry.path),
        )
        .map((entry) => packageOf(entry.path)),
    );
    expect([...external].sort()).toEqual([
      '@dicebear/core',
      '@dicebear/personas',
      '@node-rs/argon2',
      'better-sqlite3',
      'nodemailer',
      'pg-native',
      'sharp',
    ]);
  });

  // V8 keeps a script's source at two bytes a character as soon as one character is outside
  // Latin-1: one Hebrew letter in a regular expression literal doubled the 3.4 MB source in memory.
  it('is ASCII only, so V8 keeps its source at one byte a character', () => {
    for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith('.js'))) {
      const nonAscii = readFileSync(file, 'latin1').match(/[\u0080-\u00ff]+/);
      expect({ file, nonAscii: nonAscii?.[0] ?? null }).toEqual({ file, nonAscii: null });
    }
  });

  for (const kind of TEST_DATABASE_KINDS) {
    describe(`started from the bundle [${kind}]`, () => {
      let server: ChildProcess | undefined;
      let base = '';
      let databaseUrl = '';
      let dropDatabase = async () => {};
      beforeAll(async () => {
        const dataDir = mkdtempSync(path.join(outdir, 'data-'));
        if (kind === 'postgres') {
          const created = await createPostgresTestDatabase('forum_bundle');
          databaseUrl = created.url;
          dropDatabase = created.drop;
        } else {
          databaseUrl = `sqlite:${path.resolve(dataDir, 'forum.sqlite')}`;
        }
        const port = await freePort();
        base = `http://127.0.0.1:${port}`;
        server = await startServer(
          {
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            SECRET_KEY: 'bundle-test-secret-key-0123456789abcdef',
          },
          port,
          [path.join(outdir, 'main.js')],
        );
      });
      afterAll(async () => {
        if (server && server.exitCode === null) {
          const exited = new Promise((resolve) => server?.once('exit', resolve));
          server.kill('SIGTERM');
          await exited;
        }
        await dropDatabase();
      });

      it('migrates, seeds the forums and answers the API', async () => {
        const forums = (await (await fetch(`${base}/api/forums`)).json()) as unknown[];
        expect(forums.length).toBeGreaterThan(0);
        const captcha = await fetch(`${base}/api/captcha`);
        expect(captcha.status).toBe(200);
      });

      it('builds the OpenAPI document on demand', async () => {
        const response = await fetch(`${base}/api/openapi.json`);
        expect(response.status).toBe(200);
        const document = (await response.json()) as { paths: Record<string, unknown> };
        expect(document.paths['/api/forums']).toBeDefined();
      });

      it('draws an avatar with DiceBear loaded from node_modules on first use', async () => {
        const db = connectDatabase(
          kind === 'postgres'
            ? { kind, url: databaseUrl }
            : { kind, file: databaseUrl.slice('sqlite:'.length) },
        );
        try {
          const user = await createUser(db);
          const response = await fetch(`${base}/api/avatars/${user.user.id}.svg`);
          expect(response.status).toBe(200);
          expect(await response.text()).toContain('<svg');
        } finally {
          await db.destroy();
        }
      });
    });
  }
});
