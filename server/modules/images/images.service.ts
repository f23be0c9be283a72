import type { FastifyInstance } from 'fastify';
import { publish } from '../../events';
import { forbidden, notFound } from '../../http-error';
import type { UserRow } from '../../db/database';
import { findMessage } from '../messages/messages.repository';
import { topicPolicy } from '../topics/topics.policy';
import { findTopic, updateTopicImage } from '../topics/topics.repository';
import { resolveTopicImage } from './topic-image.service';

/**
 * Makes a topic's image again from its subject and main message (admin), e.g. after the first
 * download failed or the picture changed. The download runs before the write, outside it.
 */
export async function refreshTopicImage(app: FastifyInstance, actor: UserRow, topicId: number) {
  if (!topicPolicy.refreshImage(actor)) throw forbidden();
  const topic = await findTopic(app.db, topicId);
  if (!topic) throw notFound('הנושא לא נמצא');
  const main = await findMessage(app.db, topic.id);
  const image = await resolveTopicImage(app, {
    subject: topic.subject,
    forumId: topic.forum_id,
    contentHtml: main?.content ?? '',
  });
  await app.db.transaction().execute(async (trx) => {
    await updateTopicImage(trx, topic.id, image);
    await publish(trx, { type: 'topic.updated', topicId: topic.id, forumId: topic.forum_id });
  });
  return { image };
}
