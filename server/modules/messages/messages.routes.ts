import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { editMessageBody, likeResponse, message, newMessageBody } from '../../../shared/schemas/messages';
import { actorOf } from '../../actor';
import { createReply, editMessage, removeMessage, toggleMessageLike } from './messages.service';
import { limitWrite } from '../rate-limit/write-limits';

const tags = ['messages'];

/** docs/product.md §7: replies, edits, deletes and likes. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/message',
    {
      schema: {
        tags,
        description: 'Adds a reply; answers the saved message.',
        body: newMessageBody,
        response: { 200: message },
      },
      preHandler: (request) => limitWrite(app, request, 'reply', request.body.content),
    },
    async (request) => createReply(app.deps, actorOf(request.user), request.body),
  );

  app.put(
    '/message',
    {
      schema: {
        tags,
        description: 'Edits a message (author or admin); answers the updated message.',
        body: editMessageBody,
        response: { 200: message },
      },
      preHandler: (request) => limitWrite(app, request, 'edit', request.body.content),
    },
    async (request) => editMessage(app.deps, actorOf(request.user), request.body),
  );

  app.delete(
    '/message/:id',
    {
      schema: {
        tags,
        description: 'Deletes a reply (author or admin); answers the deleted message.',
        params: z.object({ id: idParam }),
        response: { 200: message },
      },
    },
    async (request) => removeMessage(app.deps, actorOf(request.user), request.params.id),
  );

  app.get(
    '/message/like/:id',
    {
      schema: {
        tags,
        description: 'Toggles the like of the logged-in user; answers the new list of likers.',
        params: z.object({ id: idParam }),
        response: { 200: likeResponse },
      },
      preHandler: (request) => limitWrite(app, request, 'like'),
    },
    async (request) => toggleMessageLike(app.deps, actorOf(request.user), request.params.id),
  );
};
