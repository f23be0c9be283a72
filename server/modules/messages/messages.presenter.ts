import type { MessageRow } from '../../db/database';
import type { Message } from '../../../shared/schemas/messages';

/** A message row in its §3 shape, with the ids of the users who like it. */
export function presentMessage(
  row: Pick<MessageRow, 'id' | 'topic_id' | 'user_id' | 'content' | 'created_at'>,
  likes: readonly number[],
): Message {
  return {
    id: row.id,
    // Null only inside the transaction that creates a topic, where the topic takes this very id.
    topicId: row.topic_id ?? row.id,
    userId: row.user_id,
    content: row.content,
    date: new Date(row.created_at).toISOString(),
    likes: [...likes],
  };
}
