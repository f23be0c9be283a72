import type { Actor } from '../shared/policies';
import type { UserRow } from './db/database';

/** The user of a request as the shared policies see it; null is a guest. */
export function toActor(user: Pick<UserRow, 'id' | 'is_admin'> | null): Actor {
  return user ? { id: user.id, isAdmin: user.is_admin === 1 } : null;
}
