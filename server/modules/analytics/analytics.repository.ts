import type { Kysely } from 'kysely';
import type { Database, NewAnalyticsEvent } from '../../db/database';

export async function insertAnalyticsEvent(db: Kysely<Database>, event: NewAnalyticsEvent): Promise<void> {
  await db.insertInto('analytics_events').values(event).execute();
}
