import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/database';
import { forbidden, unauthorized } from '../http-error';

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
 * Resolves `Authorization: Bearer <token>` to the active, unsuspended user of an unexpired session. A missing,
 * expired, revoked or forged token leaves the request a guest; routes decide what a guest may do.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const row = await app.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.token_hash', '=', hashToken(token))
      .where('sessions.expires_at', '>', app.clock.now())
      .where('users.is_active', '=', 1)
      // The one place suspension is enforced on requests: a suspended user is a guest to every
      // route, so each write answers 401 (their sessions also end when the suspension starts).
      .where((eb) =>
        eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '<=', app.clock.now())]),
      )
      .executeTakeFirst();
    request.user = row ?? null;
  });
});

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

/** The logged-in user, or a 401 with the spec's Hebrew message. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The logged-in admin: 401 for a guest, 403 for a user who is not an admin. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.is_admin !== 1) throw forbidden();
  return user;
}
