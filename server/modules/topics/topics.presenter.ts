import type { Kysely } from 'kysely';
import { LIMITS } from '../../../shared/limits';
import type { Post, PostsResponse } from '../../../shared/schemas/topics';
import type { Database, TopicRow } from '../../db/database';
import { presentUser } from '../users/users.presenter';
import { findUsersByIds } from '../users/users.repository';

/** A topic row in its §3 "post" shape. */
export function presentPost(row: Omit<TopicRow, 'subject_search'>): Post {
  return {
    id: row.id,
    forumId: row.forum_id,
    userId: row.user_id,
    subject: row.subject,
    image: row.image,
    date: new Date(row.created_at).toISOString(),
    message: row.preview,
    replies: row.replies,
    timestamp: row.timestamp,
  };
}

/**
 * A posts list answer from up to pageSize + 1 rows (the extra row only says more exist), with the
 * users the page references fetched in one query. The lists, search and recommendations answer
 * through it.
 */
export async function presentPostsPage(
  db: Kysely<Database>,
  rows: readonly TopicRow[],
  pageSize: number = LIMITS.pageSize,
): Promise<PostsResponse> {
  const page = rows.slice(0, pageSize);
  const users = await findUsersByIds(
    db,
    page.map((row) => row.user_id),
  );
  return {
    posts: page.map(presentPost),
    hasMorePosts: rows.length > pageSize,
    users: users.map(presentUser),
  };
}
