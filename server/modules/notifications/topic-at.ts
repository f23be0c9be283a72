import { type Kysely, sql } from 'kysely';
import { LIMITS } from '../../../shared/limits';
import type { TopicAtResponse } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/database';
import { presentMessage } from '../messages/messages.presenter';
import { findMessage, likesByMessage, listReplies } from '../messages/messages.repository';
import { findTopic } from '../topics/topics.repository';
import { presentPost } from '../topics/topics.presenter';
import { presentUser } from '../users/users.presenter';
import { findUsersByIds } from '../users/users.repository';
import { apiError } from '../../http-error';

/**
 * The topic answer opened at a message: the page of replies that holds it, cut where the topic
 * page's own pages fall (7 from the newest, then 7 more…), so "load earlier" from there goes on
 * as it would have. No OFFSET: the replies newer than the message are counted on the
 * (topic_id, id) index and the page's newest reply found by walking up from the message.
 */
export async function getTopicAt(
  db: Kysely<Database>,
  topicId: number,
  messageId: number,
): Promise<TopicAtResponse> {
  const topic = await findTopic(db, topicId);
  const main = topic && (await findMessage(db, topicId));
  if (!topic || !main) throw apiError('topic_not_found');
  const target = await findMessage(db, messageId);
  if (!target || target.topic_id !== topicId) throw apiError('message_not_found');
  const newerRow = await db
    .selectFrom('messages')
    .select(sql<number | string>`count(*)`.as('count'))
    .where('topic_id', '=', topicId)
    .where('id', '>', messageId)
    .executeTakeFirst();
  const newer = Number(newerRow?.count ?? 0);
  const isMain = messageId === topicId;
  // The main message shows above every page: open the newest one.
  const aboveInPage = isMain ? 0 : newer % LIMITS.pageSize;
  let top = messageId;
  if (aboveInPage > 0) {
    const above = await db
      .selectFrom('messages')
      .select('id')
      .where('topic_id', '=', topicId)
      .where('id', '>', messageId)
      .orderBy('id')
      .limit(aboveInPage)
      .execute();
    top = above.at(-1)?.id ?? messageId;
  }
  const newestFirst = await listReplies(db, topicId, {
    before: isMain ? undefined : top + 1,
    limit: LIMITS.pageSize + 1,
  });
  const replies = newestFirst.slice(0, LIMITS.pageSize).reverse();
  // The next page up starts with the message after this page's newest: reading on goes there.
  const newerMessageId =
    !isMain && newer > aboveInPage
      ? ((
          await db
            .selectFrom('messages')
            .select('id')
            .where('topic_id', '=', topicId)
            .where('id', '>', top)
            .orderBy('id')
            .limit(1)
            .executeTakeFirst()
        )?.id ?? null)
      : null;
  const likes = await likesByMessage(db, [main.id, ...replies.map((reply) => reply.id)]);
  const users = await findUsersByIds(db, [
    topic.user_id,
    main.user_id,
    ...replies.map((reply) => reply.user_id),
  ]);
  return {
    messages: replies.map((reply) => presentMessage(reply, likes.get(reply.id) ?? [])),
    mainMessage: presentMessage(main, likes.get(main.id) ?? []),
    hasMoreMessages: newestFirst.length > LIMITS.pageSize,
    hasNewerMessages: newerMessageId !== null,
    newerMessageId,
    post: presentPost(topic),
    users: users.map(presentUser),
  };
}
