import type { Kysely } from 'kysely';
import { LIMITS } from '../../../shared/limits';
import type { ReadingTopicsResponse } from '../../../shared/schemas/reading';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { authorsOf } from '../topics/topic-pages.repository';
import { presentPost } from '../topics/topics.presenter';
import { presentUser } from '../users/users.presenter';
import type { Database, UserRow } from '../../db/database';
import * as repo from './reading.repository';

/** The member has seen these messages of the topic: their place in it moves up to the newest. */
export function recordReading(
  db: Kysely<Database>,
  user: UserRow,
  input: { topicId: number; messageIds: readonly number[] },
): Promise<void> {
  return repo.recordReading(db, user.id, input.topicId, input.messageIds);
}

/** Of these topics, those the member opened before and that have messages they have not seen. */
export async function unreadTopics(
  db: Kysely<Database>,
  user: UserRow,
  topicIds: readonly number[],
): Promise<ReadingTopicsResponse> {
  const rows = await repo.findUnread(db, user.id, topicIds);
  return {
    topics: rows
      .map((row) => ({
        topicId: row.topic_id,
        unreadCount: Number(row.unread_count),
        firstUnreadId: row.first_unread_id,
      }))
      .filter((topic): topic is ReadingTopicsResponse['topics'][number] => topic.firstUnreadId !== null),
  };
}

/**
 * A page of the topics the member opened that have messages of others since, newest activity
 * first: the "new for me" list (`before`: the last shown topic's timestamp).
 */
export async function unreadPosts(
  db: Kysely<Database>,
  user: UserRow,
  before?: number,
): Promise<PostsResponse> {
  const rows = await repo.findUnreadTopics(db, user.id, { before, limit: LIMITS.pageSize + 1 });
  const page = rows.slice(0, LIMITS.pageSize);
  return {
    posts: page.map(presentPost),
    hasMorePosts: rows.length > LIMITS.pageSize,
    users: authorsOf(page).map(presentUser),
  };
}

/** Every topic the member opened counts as read up to its newest message. */
export function markAllRead(db: Kysely<Database>, user: UserRow): Promise<number> {
  return repo.markAllRead(db, user.id);
}
