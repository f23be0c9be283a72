import type { Kysely } from 'kysely';
import type { LikeResponse, Message } from '../../../shared/schemas/messages';
import type { Clock } from '../../clock';
import type { Database, MessageRow, UserRow } from '../../db/database';
import { publish } from '../../events';
import { badRequest, forbidden, notFound } from '../../http-error';
import { recordNotifications } from '../notifications/notifications.service';
import { prepareMessage } from '../notifications/references';
import { findTopic, lockTopic, refreshTopicActivity, updateTopicPreview } from '../topics/topics.repository';
import { topicNotFound } from '../topics/topics.service';
import { presentUser } from '../users/users.presenter';
import { findUsersByIds } from '../users/users.repository';
import { messagePolicy } from './messages.policy';
import { presentMessage } from './messages.presenter';
import {
  deleteMessage,
  findMessage,
  insertMessage,
  likesByMessage,
  listReplies,
  toggleLike,
  updateMessageContent,
} from './messages.repository';
import { LIMITS } from '../../../shared/limits';

export interface Deps {
  db: Kysely<Database>;
  clock: Clock;
}

const messageNotFound = () => notFound('ההודעה לא נמצאה');

/** A message that belongs to a topic, or a 404. */
async function existingMessage(db: Kysely<Database>, id: number): Promise<MessageRow & { topic_id: number }> {
  const message = await findMessage(db, id);
  if (!message || message.topic_id === null) throw messageNotFound();
  return { ...message, topic_id: message.topic_id };
}

const facts = (message: MessageRow & { topic_id: number }) => ({
  userId: message.user_id,
  isMain: message.id === message.topic_id,
});

/** Replies older than `before`, ascending, with `hasMoreMessages` and their authors. */
export async function listMoreMessages(db: Kysely<Database>, topicId: number, before: number) {
  if (!(await findTopic(db, topicId))) throw topicNotFound();
  const newestFirst = await listReplies(db, topicId, { before, limit: LIMITS.pageSize + 1 });
  const replies = newestFirst.slice(0, LIMITS.pageSize).reverse();
  const likes = await likesByMessage(
    db,
    replies.map((reply) => reply.id),
  );
  const users = await findUsersByIds(
    db,
    replies.map((reply) => reply.user_id),
  );
  return {
    messages: replies.map((reply) => presentMessage(reply, likes.get(reply.id) ?? [])),
    hasMoreMessages: newestFirst.length > LIMITS.pageSize,
    users: users.map(presentUser),
  };
}

/**
 * Adds a reply. In one transaction: the message, then the topic's reply count and order key from
 * its newest message, which is this one, so the topic rises to the top of its lists.
 */
export async function createReply(
  deps: Deps,
  user: UserRow,
  input: { topicId: number; content: string },
): Promise<Message> {
  const prepared = await prepareMessage(deps.db, input.content);
  const now = deps.clock.now();
  const message = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockTopic(trx, input.topicId))) throw topicNotFound();
    const created = await insertMessage(trx, {
      topicId: input.topicId,
      userId: user.id,
      content: prepared.content,
      contentSearch: prepared.contentSearch,
      createdAt: now,
    });
    await refreshTopicActivity(trx, input.topicId);
    await recordNotifications(trx, { kind: 'reply', message: created, actor: user, now });
    return created;
  });
  publish({ type: 'message.created', messageId: message.id, topicId: input.topicId });
  return presentMessage(message, []);
}

/**
 * Replaces a message's body (its author or an admin). Editing the main message also renews the
 * topic's preview; an edit is not new activity, so the topic keeps its place in the lists.
 */
export async function editMessage(
  deps: Deps,
  user: UserRow,
  input: { messageId: number; content: string },
): Promise<Message> {
  const message = await existingMessage(deps.db, input.messageId);
  if (!messagePolicy.edit(user, facts(message))) throw forbidden();
  const prepared = await prepareMessage(deps.db, input.content);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await updateMessageContent(trx, message.id, {
      content: prepared.content,
      contentSearch: prepared.contentSearch,
      updatedAt: deps.clock.now(),
    });
    if (facts(message).isMain) await updateTopicPreview(trx, message.topic_id, prepared.preview);
    await recordNotifications(trx, { kind: 'edit', message: row, actor: user, now: deps.clock.now() });
    return row;
  });
  const likes = await likesByMessage(deps.db, [message.id]);
  publish({ type: 'message.updated', messageId: message.id, topicId: message.topic_id });
  return presentMessage(updated, likes.get(message.id) ?? []);
}

/**
 * Deletes a reply (its author or an admin) with its likes, and recounts the topic. The main
 * message is refused: it goes only with its topic. Answers the deleted message.
 */
export async function removeMessage(deps: Deps, user: UserRow, id: number): Promise<Message> {
  const message = await existingMessage(deps.db, id);
  const decision = messagePolicy.delete(user, facts(message));
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'main-message') {
    throw badRequest('את ההודעה הראשית אפשר למחוק רק יחד עם הנושא כולו', 'main_message');
  }
  const likes = await likesByMessage(deps.db, [id]);
  await deps.db.transaction().execute(async (trx) => {
    await lockTopic(trx, message.topic_id);
    await deleteMessage(trx, id);
    await refreshTopicActivity(trx, message.topic_id);
    await recordNotifications(trx, { kind: 'message_deleted', message, actor: user, now: deps.clock.now() });
  });
  publish({ type: 'message.deleted', messageId: id, topicId: message.topic_id });
  return presentMessage(message, likes.get(id) ?? []);
}

/** Likes a message for the user, or takes the like back; answers the new list of likers. */
export async function toggleMessageLike(deps: Deps, user: UserRow, id: number): Promise<LikeResponse> {
  const message = await existingMessage(deps.db, id);
  const likes = await deps.db.transaction().execute(async (trx) => {
    const liked = await toggleLike(trx, id, user.id, deps.clock.now());
    await recordNotifications(trx, { kind: 'like', message, actor: user, liked, now: deps.clock.now() });
    return (await likesByMessage(trx, [id])).get(id) ?? [];
  });
  publish({ type: 'message.liked', messageId: id, topicId: message.topic_id, likes });
  return { messageId: id, likes };
}
