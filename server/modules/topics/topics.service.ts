import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { normalizeForSearch } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import type { PostsResponse, TopicResponse } from '../../../shared/schemas/topics';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import type { Clock } from '../../clock';
import type { Database, TopicRow, UserRow } from '../../db/database';
import { publish } from '../../events';
import { badRequest, forbidden, notFound } from '../../http-error';
import { findForum } from '../forums/forums.repository';
import { resolveTopicImage } from '../images/topic-image.service';
import { recordNotifications } from '../notifications/notifications.service';
import { prepareMessage } from '../notifications/references';
import {
  findMessage,
  insertMessage,
  likesByMessage,
  listReplies,
  setMessageTopic,
} from '../messages/messages.repository';
import { presentMessage } from '../messages/messages.presenter';
import { presentUser } from '../users/users.presenter';
import { findUsersByIds } from '../users/users.repository';
import { topicPolicy } from './topics.policy';
import { presentPost } from './topics.presenter';
import {
  deleteTopicWithMessages,
  findTopic,
  insertTopic,
  listTopics,
  lockTopic,
  uniqueTimestamp,
  updateTopicForum,
  updateTopicSubject,
} from './topics.repository';

export interface Deps {
  db: Kysely<Database>;
  clock: Clock;
}

export const topicNotFound = () => notFound('הנושא לא נמצא');
export const forumNotFound = () => notFound('הפורום לא נמצא');

/**
 * A posts list answer from up to pageSize + 1 rows (the extra row only says more exist), with the
 * users the page references fetched in one query. Search and recommendations answer through it too.
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

/** A page of posts, newest activity first: all forums or one (404 for an unknown forum). */
export async function listPosts(
  db: Kysely<Database>,
  options: { forumId?: number; before?: number },
): Promise<PostsResponse> {
  if (options.forumId !== undefined && !(await findForum(db, options.forumId))) throw forumNotFound();
  const rows = await listTopics(db, { ...options, limit: LIMITS.pageSize + 1 });
  return presentPostsPage(db, rows);
}

/** The topic page: its main message, the newest page of replies (ascending), the topic, the authors. */
export async function getTopic(db: Kysely<Database>, topicId: number): Promise<TopicResponse> {
  const topic = await findTopic(db, topicId);
  const main = topic && (await findMessage(db, topicId));
  if (!topic || !main) throw topicNotFound();
  const newestFirst = await listReplies(db, topicId, { limit: LIMITS.pageSize + 1 });
  const replies = newestFirst.slice(0, LIMITS.pageSize).reverse();
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
    post: presentPost(topic),
    users: users.map(presentUser),
  };
}

/** Control characters never belong in a one-line subject; what is left must not be empty. */
function cleanSubject(subject: string): string {
  const clean = subject.replace(/\p{Cc}+/gu, ' ').trim();
  if (!clean) throw badRequest(VALIDATION_MESSAGES.emptySubject, 'empty_subject');
  return clean;
}

/**
 * Creates a topic with its main message. The image is made first, outside the transaction (it may
 * download a picture). Then, in one transaction: the main message without a topic, the topic
 * taking the message's id (spec §3: topic id = main message id), and the message attached to it.
 */
export async function createTopic(
  app: FastifyInstance,
  user: UserRow,
  input: { subject: string; message: string; forumId: number },
): Promise<TopicResponse> {
  const subject = cleanSubject(input.subject);
  const prepared = await prepareMessage(app.db, input.message);
  if (!(await findForum(app.db, input.forumId))) throw forumNotFound();
  const image = await resolveTopicImage(app, {
    subject,
    forumId: input.forumId,
    contentHtml: prepared.content,
  });
  const now = app.clock.now();
  const topic = await app.db.transaction().execute(async (trx) => {
    const main = await insertMessage(trx, {
      topicId: null,
      userId: user.id,
      content: prepared.content,
      contentSearch: prepared.contentSearch,
      createdAt: now,
    });
    const created = await insertTopic(trx, {
      id: main.id,
      forum_id: input.forumId,
      user_id: user.id,
      subject,
      subject_search: normalizeForSearch(subject),
      image,
      preview: prepared.preview,
      replies: 0,
      created_at: now,
      timestamp: await uniqueTimestamp(trx, now, main.id),
    });
    await setMessageTopic(trx, main.id, created.id);
    await recordNotifications(trx, {
      kind: 'topic',
      message: { ...main, topic_id: created.id },
      actor: user,
      now,
    });
    return created;
  });
  publish({ type: 'topic.created', topicId: topic.id, forumId: topic.forum_id });
  return getTopic(app.db, topic.id);
}

async function adminTopic(deps: Deps, allowed: boolean, topicId: number): Promise<TopicRow> {
  if (!allowed) throw forbidden();
  const topic = await findTopic(deps.db, topicId);
  if (!topic) throw topicNotFound();
  return topic;
}

/** Deletes a topic with its messages and likes in one transaction (admin). Answers the deleted post. */
export async function deleteTopic(deps: Deps, actor: UserRow, topicId: number) {
  const topic = await adminTopic(deps, topicPolicy.delete(actor), topicId);
  await deps.db.transaction().execute(async (trx) => {
    // A reply being added at this moment finishes first, then goes with the rest.
    await lockTopic(trx, topicId);
    await recordNotifications(trx, { kind: 'topic_deleted', topicId, actor, now: deps.clock.now() });
    await deleteTopicWithMessages(trx, topicId);
  });
  publish({ type: 'topic.deleted', topicId, forumId: topic.forum_id });
  return presentPost(topic);
}

/** Moves a topic, main message and replies, to another forum (admin). Its order key stays. */
export async function moveTopic(deps: Deps, actor: UserRow, input: { topicId: number; forumId: number }) {
  await adminTopic(deps, topicPolicy.move(actor), input.topicId);
  if (!(await findForum(deps.db, input.forumId))) throw forumNotFound();
  const moved = await deps.db.transaction().execute(async (trx) => {
    await updateTopicForum(trx, input.topicId, input.forumId);
    await recordNotifications(trx, {
      kind: 'topic_moved',
      topicId: input.topicId,
      actor,
      now: deps.clock.now(),
    });
    return findTopic(trx, input.topicId);
  });
  if (!moved) throw topicNotFound();
  publish({ type: 'topic.moved', topicId: moved.id, forumId: moved.forum_id });
  return presentPost(moved);
}

/**
 * Renames a topic (admin). The subject is stored as plain text, exactly as typed but trimmed;
 * every client renders it as text, so markup in it shows as characters and never runs.
 */
export async function editSubject(deps: Deps, actor: UserRow, input: { topicId: number; subject: string }) {
  await adminTopic(deps, topicPolicy.editSubject(actor), input.topicId);
  const subject = cleanSubject(input.subject);
  const updated = await deps.db.transaction().execute(async (trx) => {
    await updateTopicSubject(trx, input.topicId, subject, normalizeForSearch(subject));
    await recordNotifications(trx, {
      kind: 'topic_renamed',
      topicId: input.topicId,
      actor,
      now: deps.clock.now(),
    });
    return findTopic(trx, input.topicId);
  });
  if (!updated) throw topicNotFound();
  publish({ type: 'topic.updated', topicId: updated.id, forumId: updated.forum_id });
  return presentPost(updated);
}
