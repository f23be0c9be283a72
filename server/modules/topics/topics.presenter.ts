import type { TopicRow } from '../../db/database';
import type { Post } from '../../../shared/schemas/topics';

/** A topic row in its §3 "post" shape. */
export function presentPost(row: TopicRow): Post {
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
