import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Database } from './database';
import * as initial from './migrations/2026-11-21T12-00-initial';
import * as accounts from './migrations/2026-11-21T12-45-accounts';
import * as searchIndex from './migrations/2026-11-21T13-00-search-index';
import * as reportQueue from './migrations/2026-11-21T13-01-report-queue';
import * as analytics from './migrations/2026-11-21T13-30-analytics';
import * as runningAForum from './migrations/2026-11-22T21-00-running-a-forum';
import * as notifications from './migrations/2026-11-22T21-30-notifications';
import * as moderationLog from './migrations/2026-11-22T22-45-moderation-log';
import * as searchIndexMerging from './migrations/2026-11-23T00-45-search-index-merging';
import * as readingPositions from './migrations/2026-11-29T16-00-reading-positions';

/**
 * Every migration, in order. A static list rather than a folder scan so the bundled server carries
 * them; add each new migration file here.
 */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21T12-00-initial': initial,
  '2026-11-21T12-45-accounts': accounts,
  '2026-11-21T13-00-search-index': searchIndex,
  '2026-11-21T13-01-report-queue': reportQueue,
  '2026-11-21T13-30-analytics': analytics,
  '2026-11-22T21-00-running-a-forum': runningAForum,
  '2026-11-22T21-30-notifications': notifications,
  '2026-11-22T22-45-moderation-log': moderationLog,
  '2026-11-23T00-45-search-index-merging': searchIndexMerging,
  '2026-11-29T16-00-reading-positions': readingPositions,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
