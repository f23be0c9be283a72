import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorParam, idParam } from '../../../shared/schemas/common';
import { moreMessagesResponse } from '../../../shared/schemas/messages';
import {
  editSubjectBody,
  moveTopicBody,
  newTopicBody,
  post,
  postsResponse,
  topicResponse,
} from '../../../shared/schemas/topics';
import { errorBody } from '../../../shared/schemas/common';
import { topicImageResponse } from '../../../shared/schemas/images';
import { actorOf } from '../../actor';
import { limitWrite } from '../rate-limit/write-limits';
import {
  createTopic,
  deleteTopic,
  editSubject,
  getTopic,
  listMoreMessages,
  listPosts,
  moveTopic,
  refreshTopicImage,
} from './topics.service';

const tags = ['topics'];

/** docs/product.md §7: the posts lists, the topic page and the topic writes. */
export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/home', { schema: { tags, response: { 200: postsResponse } } }, async () =>
    listPosts(app.deps, {}),
  );

  app.get(
    '/home/more/:timestamp',
    { schema: { tags, params: z.object({ timestamp: cursorParam }), response: { 200: postsResponse } } },
    async (request) => listPosts(app.deps, { before: request.params.timestamp }),
  );

  app.get(
    '/forum/:forumId',
    { schema: { tags, params: z.object({ forumId: idParam }), response: { 200: postsResponse } } },
    async (request) => listPosts(app.deps, { forumId: request.params.forumId }),
  );

  app.get(
    '/forum/:forumId/more/:timestamp',
    {
      schema: {
        tags,
        params: z.object({ forumId: idParam, timestamp: cursorParam }),
        response: { 200: postsResponse },
      },
    },
    async (request) =>
      listPosts(app.deps, { forumId: request.params.forumId, before: request.params.timestamp }),
  );

  app.get(
    '/topic/:topicId',
    { schema: { tags, params: z.object({ topicId: idParam }), response: { 200: topicResponse } } },
    async (request) => getTopic(app.deps, request.params.topicId),
  );

  app.get(
    '/topic/:topicId/more/:lastMessageId',
    {
      schema: {
        tags,
        params: z.object({ topicId: idParam, lastMessageId: idParam }),
        response: { 200: moreMessagesResponse },
      },
    },
    async (request) => listMoreMessages(app.deps, request.params.topicId, request.params.lastMessageId),
  );

  app.post(
    '/topic',
    {
      schema: {
        tags,
        description: 'Creates a topic; answers it as GET /api/topic/{id} would.',
        body: newTopicBody,
        response: { 200: topicResponse },
      },
      preHandler: (request) => limitWrite(app, request, 'topic', request.body.message),
    },
    async (request) => createTopic(app.deps, actorOf(request.user), request.body),
  );

  app.delete(
    '/topic/:id',
    {
      schema: {
        tags,
        description: 'Deletes a topic with its messages (admin); answers the deleted post.',
        params: z.object({ id: idParam }),
        response: { 200: post },
      },
    },
    async (request) => deleteTopic(app.deps, actorOf(request.user), request.params.id),
  );

  app.put(
    '/topic/move',
    {
      schema: {
        tags,
        description: 'Moves a topic to another forum (admin); answers the moved post.',
        body: moveTopicBody,
        response: { 200: post },
      },
    },
    async (request) => moveTopic(app.deps, actorOf(request.user), request.body),
  );

  app.put(
    '/topic/subject',
    {
      schema: {
        tags,
        description: 'Renames a topic (admin); answers the updated post.',
        body: editSubjectBody,
        response: { 200: post },
      },
    },
    async (request) => editSubject(app.deps, actorOf(request.user), request.body),
  );

  app.get(
    '/topic/image/:id',
    {
      schema: {
        tags,
        description: "Makes the topic's image again from its main message (admin).",
        params: z.object({ id: idParam }),
        response: { 200: topicImageResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => refreshTopicImage(app.deps, actorOf(request.user), request.params.id),
  );
};
