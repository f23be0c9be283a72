import { createHash } from 'node:crypto';

/**
 * Where a user's generated avatar is served. The version comes from the username, so the URL
 * changes if the username does and the picture can be cached as immutable.
 */
export function avatarUrl(user: { id: number; username: string }): string {
  const version = createHash('sha256').update(user.username).digest('hex').slice(0, 8);
  return `/api/avatars/${user.id}.svg?v=${version}`;
}
