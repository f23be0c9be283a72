import { type Actor, can } from '../../../shared/policies';
import type { LikeResponse, Message } from '../../../shared/schemas/messages';
import { authorize } from '../../authorize';
import type { MessageRow } from '../../db/database';
import type { DataDeps, Deps } from '../../deps';
import { publish } from '../../events';
import { apiError } from '../../http-error';
import { recordModeration } from '../moderation-log/moderation-log.repository';
import { recordNotifications } from '../notifications/notifications.service';
import { prepareMessage } from '../notifications/references';
import {
  findTopic,
  insertReply,
  lockTopic,
  refreshTopicActivity,
  updateTopicPreview,
} from '../topics/topics.repository';
import { presentMessage } from './messages.presenter';
import {
  deleteMessage,
  findMessage,
  lockMessageWithTopic,
  likesByMessage,
  toggleLikeWithLikes,
  updateMessageContent,
} from './messages.repository';

type TopicMessage = MessageRow & { topic_id: number };

/** A message that belongs to a topic, or a 404. */
async function existingMessage(db: Deps['db'], id: number): Promise<TopicMessage> {
  const message = await findMessage(db, id);
  if (!message || message.topic_id === null) throw apiError('message_not_found');
  return { ...message, topic_id: message.topic_id };
}

/** What the policy needs to know about a message. */
const facts = (message: TopicMessage) => ({
  userId: message.user_id,
  isMain: message.id === message.topic_id,
});

/** A guest is refused before anything is looked up: logging in comes first. */
function loggedIn(actor: Actor): asserts actor is NonNullable<Actor> {
  authorize(actor, actor !== null);
}

/** Adds a reply (any logged-in user); insertReply writes it and moves its topic in one transaction. */
export async function createReply(
  deps: Deps,
  actor: Actor,
  input: { topicId: number; content: string },
): Promise<Message> {
  authorize(actor, can.reply(actor));
  const body = await prepareMessage(deps.db, input.content);
  const now = deps.clock.now();
  const reply = await deps.db.transaction().execute(async (trx) => {
    const written = await insertReply(trx, {
      topicId: input.topicId,
      userId: actor.id,
      body,
      createdAt: now,
    });
    if (!written) throw apiError('topic_not_found');
    await publish(trx, {
      type: 'message.created',
      messageId: written.reply.id,
      topicId: written.topic.id,
      forumId: written.topic.forum_id,
    });
    await recordNotifications(trx, {
      kind: 'reply',
      message: written.reply,
      topic: written.topic,
      actor,
      now,
    });
    return written.reply;
  });
  return presentMessage(reply, []);
}

/**
 * Replaces a message's body (its author or an admin). Editing the main message also renews the
 * topic's preview; an edit is not new activity, so the topic keeps its place in the lists.
 */
export async function editMessage(
  deps: Deps,
  actor: Actor,
  input: { messageId: number; content: string },
): Promise<Message> {
  loggedIn(actor);
  const message = await existingMessage(deps.db, input.messageId);
  authorize(actor, can.editMessage(actor, facts(message)));
  const prepared = await prepareMessage(deps.db, input.content);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await updateMessageContent(trx, message.id, {
      content: prepared.content,
      contentSearch: prepared.contentSearch,
      updatedAt: deps.clock.now(),
    });
    if (facts(message).isMain) await updateTopicPreview(trx, message.topic_id, prepared.preview);
    const topic = await findTopic(trx, message.topic_id);
    // An admin editing their own message is writing, not moderating.
    if (actor.id !== message.user_id)
      await recordModeration(trx, {
        adminId: actor.id,
        action: 'message_edited',
        topicId: message.topic_id,
        messageId: message.id,
        forumId: topic?.forum_id ?? null,
        userId: message.user_id,
        beforeText: message.content,
        afterText: row.content,
        details: { subject: topic?.subject ?? null },
        createdAt: deps.clock.now(),
      });
    if (topic)
      await publish(trx, {
        type: 'message.updated',
        messageId: message.id,
        topicId: topic.id,
        forumId: topic.forum_id,
      });
    await recordNotifications(trx, { kind: 'edit', message: row, topic, actor, now: deps.clock.now() });
    return row;
  });
  const likes = await likesByMessage(deps.db, [message.id]);
  return presentMessage(updated, likes.get(message.id) ?? []);
}

/**
 * Deletes a reply (its author or an admin) with its likes, and recounts the topic. The main
 * message is refused: it goes only with its topic. Answers the deleted message.
 */
export async function removeMessage(deps: DataDeps, actor: Actor, id: number): Promise<Message> {
  loggedIn(actor);
  const message = await existingMessage(deps.db, id);
  const decision = can.deleteMessage(actor, facts(message));
  authorize(actor, decision !== 'forbidden');
  if (decision === 'main-message') throw apiError('main_message');
  const likes = await likesByMessage(deps.db, [id]);
  await deps.db.transaction().execute(async (trx) => {
    await lockTopic(trx, message.topic_id);
    // Read under the lock: the last text is what an edit a moment ago left. The message is locked
    // before its likes are touched, in the order a like takes them, so the two never deadlock.
    const last = (await lockMessageWithTopic(trx, id))?.message ?? message;
    await deleteMessage(trx, id);
    const topic = await refreshTopicActivity(trx, message.topic_id);
    if (actor.id !== message.user_id)
      await recordModeration(trx, {
        adminId: actor.id,
        action: 'message_deleted',
        topicId: topic.id,
        messageId: id,
        forumId: topic.forum_id,
        userId: message.user_id,
        beforeText: last.content,
        details: { subject: topic.subject },
        createdAt: deps.clock.now(),
      });
    await publish(trx, {
      type: 'message.deleted',
      messageId: id,
      topicId: topic.id,
      forumId: topic.forum_id,
    });
    await recordNotifications(trx, { kind: 'message_deleted', message, actor, now: deps.clock.now() });
  });
  return presentMessage(message, likes.get(id) ?? []);
}

/**
 * Likes a message for the user, or takes the like back; answers the new list of likers. The
 * message and its topic are read (and the message locked) with one query inside the transaction,
 * and the likes once, for both the answer and the like notification.
 */
export async function toggleMessageLike(deps: Deps, actor: Actor, id: number): Promise<LikeResponse> {
  authorize(actor, can.like(actor));
  const now = deps.clock.now();
  const likes = await deps.db.transaction().execute(async (trx) => {
    const found = await lockMessageWithTopic(trx, id);
    if (!found) throw apiError('message_not_found');
    const { message, topic } = found;
    const { liked, likes } = await toggleLikeWithLikes(trx, id, actor.id, now);
    await publish(trx, { type: 'message.liked', messageId: id, topicId: topic.id, forumId: topic.forum_id });
    await recordNotifications(trx, { kind: 'like', message, topic, actor, liked, likes, now });
    return likes.map((like) => like.user_id);
  });
  return { messageId: id, likes };
}
