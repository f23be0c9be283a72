import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/database';
import { publicRead } from '../guest-cache/guest-cache.plugin';
import { apiError } from '../http-error';
import { findSessionUser } from '../modules/accounts/accounts.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of a valid bearer token, or null for a guest. */
    user: UserRow | null;
  }
}

/** Bearer tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Resolves `Authorization: Bearer <token>` to the active, unsuspended user of an unexpired session.
 * A missing, expired, revoked or forged token leaves the request a guest; the shared policy decides
 * what a guest may do.
 *
 * A public route's answer is the same for everyone (PUBLIC_ROUTES: none reads `request.user`), so
 * its requests are not looked up: a logged-in reader's home, forum and topic pages cost no session
 * query and no token hash, and answer exactly what a guest gets.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  // A callback hook: a guest's request (most of them) leaves at once, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token || publicRead(request)) return done();
    findSessionUser(app.db, hashToken(token), app.clock.now()).then((user) => {
      request.user = user ?? null;
      done();
    }, done);
  });
});

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

/** The one mapping of a user row to the actor of shared/policies.ts. */

/** The logged-in user's own row (the account calls change it), or a 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw apiError('unauthorized');
  return request.user;
}
