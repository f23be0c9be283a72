import type { PublicUser } from '../../../shared/schemas/common';
import { avatarUrl } from '../avatars/avatar-url';

/** A user row as other users see it (docs/product.md §3): never the email, hash or dates. */
export function presentUser(row: { id: number; username: string; is_admin: number }): PublicUser {
  return { id: row.id, username: row.username, isAdmin: row.is_admin === 1, avatar: avatarUrl(row) };
}
