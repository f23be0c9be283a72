import type { Actor } from '../shared/policies';
import type { UserRow } from './db/database';

/** The user of a request as the shared policies see it; null is a guest. The one place a row becomes an Actor. */
export function actorOf(user: Pick<UserRow, 'id' | 'is_admin'> | null): Actor {
  return user ? { id: user.id, isAdmin: user.is_admin === 1 } : null;
}
