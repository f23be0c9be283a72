import { LIMITS } from '../../../shared/limits';
import { type Actor, can } from '../../../shared/policies';
import type { MoreMessagesResponse } from '../../../shared/schemas/messages';
import type { PostsResponse, TopicResponse } from '../../../shared/schemas/topics';
import { authorize } from '../../authorize';
import type { TopicRow } from '../../db/database';
import type { Deps, ReadDeps } from '../../deps';
import { publish } from '../../events';
import { apiError } from '../../http-error';
import { findForum, findForumForWrite } from '../forums/forums.repository';
import { resolveTopicImage } from '../images/topic-image.service';
import { recordNotifications } from '../notifications/notifications.service';
import { prepareMessage } from '../notifications/references';
import { presentMessage } from '../messages/messages.presenter';
import { findMessage } from '../messages/messages.repository';
import { recordModeration } from '../moderation-log/moderation-log.repository';
import { presentUser } from '../users/users.presenter';
import { presentPost } from './topics.presenter';
import {
  authorsOf,
  findTopicPage,
  listRepliesWithAuthors,
  listTopicsWithAuthors,
  type MessageWithAuthor,
  parseLikeIds,
} from './topic-pages.repository';
import {
  deleteTopicWithMessages,
  findTopic,
  insertTopicWithMainMessage,
  lockTopic,
  updateTopicForum,
  updateTopicImage,
  updateTopicSubject,
} from './topics.repository';

/**
 * A page of posts, newest activity first: all forums or one (404 for an unknown forum). One query
 * reads the page with its authors; the forum is looked up only when its page comes back empty.
 */
export async function listPosts(
  { db }: ReadDeps,
  options: { forumId?: number; before?: number },
): Promise<PostsResponse> {
  const rows = await listTopicsWithAuthors(db, { ...options, limit: LIMITS.pageSize + 1 });
  if (rows.length === 0 && options.forumId !== undefined && !(await findForum(db, options.forumId)))
    throw apiError('forum_not_found');
  const page = rows.slice(0, LIMITS.pageSize);
  return {
    posts: page.map(presentPost),
    hasMorePosts: rows.length > LIMITS.pageSize,
    users: authorsOf(page).map(presentUser),
  };
}

/**
 * A page of replies, ascending, from those read newest first with their authors and likes (up to
 * one more than a page: the extra one says there are more); the main message's author joins the
 * users when given. The topic page and "more messages" share it.
 */
function repliesPage(newestFirst: readonly MessageWithAuthor[], main?: MessageWithAuthor) {
  const replies = newestFirst.slice(0, LIMITS.pageSize).reverse();
  const shown = main ? [main, ...replies] : replies;
  return {
    messages: replies.map(presentPageMessage),
    hasMoreMessages: newestFirst.length > LIMITS.pageSize,
    users: authorsOf(shown).map(presentUser),
  };
}

function presentPageMessage(message: MessageWithAuthor) {
  return presentMessage(message, parseLikeIds(message.like_ids));
}

/** The topic page: its main message, the newest page of replies (ascending), the topic, the authors. */
export async function getTopic({ db }: ReadDeps, topicId: number): Promise<TopicResponse> {
  const found = await findTopicPage(db, topicId, LIMITS.pageSize + 1);
  if (!found) throw apiError('topic_not_found');
  const page = repliesPage(found.newestReplies, found.main);
  return { ...page, mainMessage: presentPageMessage(found.main), post: presentPost(found.topic) };
}

/**
 * Replies older than `before`, ascending, with `hasMoreMessages` and their authors. A topic's
 * messages go with it, so only an empty page asks whether the topic is there.
 */
export async function listMoreMessages(
  { db }: ReadDeps,
  topicId: number,
  before: number,
): Promise<MoreMessagesResponse> {
  const page = repliesPage(await listRepliesWithAuthors(db, topicId, { before, limit: LIMITS.pageSize + 1 }));
  if (page.messages.length === 0 && !(await findTopic(db, topicId))) throw apiError('topic_not_found');
  return page;
}

/** Control characters never belong in a one-line subject; what is left must not be empty. */
function cleanSubject(subject: string): string {
  const clean = subject.replace(/\p{Cc}+/gu, ' ').trim();
  if (!clean) throw apiError('empty_subject');
  return clean;
}

/**
 * Creates a topic with its main message (any logged-in user). The image is made first, outside the
 * transaction (it may download a picture); then insertTopicWithMainMessage writes both in one.
 */
export async function createTopic(
  deps: Deps,
  actor: Actor,
  input: { subject: string; message: string; forumId: number },
): Promise<TopicResponse> {
  authorize(actor, can.createTopic(actor));
  const subject = cleanSubject(input.subject);
  const body = await prepareMessage(deps.db, input.message);
  if (!(await findForum(deps.db, input.forumId))) throw apiError('forum_not_found');
  const image = await resolveTopicImage(deps, { subject, forumId: input.forumId, contentHtml: body.content });
  const now = deps.clock.now();
  const { topic } = await deps.db.transaction().execute(async (trx) => {
    if (!(await findForumForWrite(trx, input.forumId))) throw apiError('forum_not_found');
    const written = await insertTopicWithMainMessage(trx, {
      forumId: input.forumId,
      userId: actor.id,
      subject,
      body,
      image,
      createdAt: now,
    });
    await publish(trx, { type: 'topic.created', topicId: written.topic.id, forumId: written.topic.forum_id });
    await recordNotifications(trx, {
      kind: 'topic',
      message: written.mainMessage,
      topic: written.topic,
      actor,
      now,
    });
    return written;
  });
  return getTopic(deps, topic.id);
}

/** The topic an admin action is about, or a 404 when it is gone (asked after the policy). */
async function existingTopic(deps: Deps, topicId: number): Promise<TopicRow> {
  const topic = await findTopic(deps.db, topicId);
  if (!topic) throw apiError('topic_not_found');
  return topic;
}

/** Deletes a topic with its messages and likes in one transaction (admin). Answers the deleted post. */
export async function deleteTopic(deps: Deps, actor: Actor, topicId: number) {
  authorize(actor, can.deleteTopic(actor));
  const topic = await existingTopic(deps, topicId);
  await deps.db.transaction().execute(async (trx) => {
    // A reply being added at this moment finishes first, then goes with the rest.
    const locked = await lockTopic(trx, topicId);
    const main = await findMessage(trx, topicId);
    await recordNotifications(trx, { kind: 'topic_deleted', topicId, actor, now: deps.clock.now() });
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'topic_deleted',
      topicId,
      messageId: main?.id ?? null,
      forumId: topic.forum_id,
      userId: main?.user_id ?? null,
      beforeText: main?.content ?? null,
      details: { subject: locked?.subject ?? topic.subject },
      createdAt: deps.clock.now(),
    });
    await deleteTopicWithMessages(trx, topicId);
    await publish(trx, { type: 'topic.deleted', topicId, forumId: topic.forum_id });
  });
  return presentPost(topic);
}

/** Moves a topic, main message and replies, to another forum (admin). Its order key stays. */
export async function moveTopic(deps: Deps, actor: Actor, input: { topicId: number; forumId: number }) {
  authorize(actor, can.moveTopic(actor));
  await existingTopic(deps, input.topicId);
  const target = await findForum(deps.db, input.forumId);
  if (!target) throw apiError('forum_not_found');
  // The forum it leaves is read under the row lock, so a move at the same moment cannot change it.
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (!(await findForumForWrite(trx, input.forumId))) throw apiError('forum_not_found');
    const before = await lockTopic(trx, input.topicId);
    const from = before && (await findForum(trx, before.forum_id));
    await updateTopicForum(trx, input.topicId, input.forumId);
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'topic_moved',
      topicId: input.topicId,
      forumId: input.forumId,
      details: {
        subject: before?.subject ?? null,
        fromForumId: before?.forum_id ?? null,
        fromForumName: from?.name ?? null,
        toForumName: target.name,
      },
      createdAt: deps.clock.now(),
    });
    await recordNotifications(trx, {
      kind: 'topic_moved',
      topicId: input.topicId,
      actor,
      now: deps.clock.now(),
    });
    const row = await findTopic(trx, input.topicId);
    if (row) {
      const fromForumId = before?.forum_id ?? input.forumId;
      await publish(trx, { type: 'topic.moved', topicId: row.id, forumId: row.forum_id, fromForumId });
    }
    return row;
  });
  if (!moved) throw apiError('topic_not_found');
  return presentPost(moved);
}

/**
 * Renames a topic (admin). The subject is stored as plain text, exactly as typed but trimmed;
 * every client renders it as text, so markup in it shows as characters and never runs.
 */
export async function editSubject(deps: Deps, actor: Actor, input: { topicId: number; subject: string }) {
  authorize(actor, can.editSubject(actor));
  await existingTopic(deps, input.topicId);
  const subject = cleanSubject(input.subject);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const before = await lockTopic(trx, input.topicId);
    await updateTopicSubject(trx, input.topicId, subject);
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'topic_renamed',
      topicId: input.topicId,
      forumId: before?.forum_id ?? null,
      beforeText: before?.subject ?? null,
      afterText: subject,
      createdAt: deps.clock.now(),
    });
    await recordNotifications(trx, {
      kind: 'topic_renamed',
      topicId: input.topicId,
      actor,
      now: deps.clock.now(),
    });
    const row = await findTopic(trx, input.topicId);
    if (row) await publish(trx, { type: 'topic.updated', topicId: row.id, forumId: row.forum_id });
    return row;
  });
  if (!updated) throw apiError('topic_not_found');
  return presentPost(updated);
}

/**
 * Makes a topic's image again from its subject and main message (admin), e.g. after the first
 * download failed or the picture changed. The download runs before the write, outside it.
 */
export async function refreshTopicImage(deps: Deps, actor: Actor, topicId: number) {
  authorize(actor, can.refreshTopicImage(actor));
  const topic = await existingTopic(deps, topicId);
  const main = await findMessage(deps.db, topic.id);
  const image = await resolveTopicImage(deps, {
    subject: topic.subject,
    forumId: topic.forum_id,
    contentHtml: main?.content ?? '',
  });
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockTopic(trx, topic.id);
    await updateTopicImage(trx, topic.id, image);
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'topic_image_refreshed',
      topicId: topic.id,
      forumId: topic.forum_id,
      details: { imageBefore: before?.image ?? topic.image, imageAfter: image },
      createdAt: deps.clock.now(),
    });
    await publish(trx, { type: 'topic.updated', topicId: topic.id, forumId: topic.forum_id });
  });
  return { image };
}
