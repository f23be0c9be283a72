import pg from 'pg';

/**
 * Says loudly which databases the server suites run on. With REQUIRE_POSTGRES=1 (CI), a missing or
 * unreachable PostgreSQL fails the run instead of silently testing SQLite alone.
 */
export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const banner = '!'.repeat(78);
    console.warn(
      `\n${banner}\n!! TEST_DATABASE_URL is not set: the API suites run on SQLite ONLY.\n!! PostgreSQL is NOT tested. Set TEST_DATABASE_URL=postgres://... to test it.\n${banner}\n`,
    );
    if (process.env.REQUIRE_POSTGRES === '1')
      throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
    return;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
  console.log(`API suites run on SQLite and on PostgreSQL (${new URL(url).host})`);
}
