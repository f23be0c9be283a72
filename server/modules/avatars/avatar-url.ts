import { createHash } from 'node:crypto';

/** Usernames whose avatar version is remembered: more than the writers a busy hour of pages shows. */
const REMEMBERED_USERNAMES = 10_000;
const versions = new Map<string, string>();

/**
 * Where a user's generated avatar is served. The version comes from the username, so the URL
 * changes if the username does and the picture can be cached as immutable.
 */
export function avatarUrl(user: { id: number; username: string }): string {
  return `/api/avatars/${user.id}.svg?v=${avatarVersion(user.username)}`;
}

/**
 * The hash of a username, remembered: every list and topic answer names tens of writers, and
 * hashing each of them again was a few per cent of a logged-in read. A pure function of the name,
 * so nothing here can go stale or differ between instances.
 */
function avatarVersion(username: string): string {
  let version = versions.get(username);
  if (version === undefined) {
    version = createHash('sha256').update(username).digest('hex').slice(0, 8);
    if (versions.size >= REMEMBERED_USERNAMES) versions.delete(versions.keys().next().value ?? '');
    versions.set(username, version);
  }
  return version;
}
