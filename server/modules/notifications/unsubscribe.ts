import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../accounts/keys';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../../../shared/schemas/notifications';

export type UnsubscribeScope = NotificationCategory | 'all';
const SCOPES: readonly string[] = [...NOTIFICATION_CATEGORIES, 'all'];

function signature(secretKey: string, body: string): string {
  return createHmac('sha256', deriveKey(secretKey, 'unsubscribe-links'))
    .update(body)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/**
 * The value of a one-click unsubscribe link: user and category in clear, signed with a key derived
 * from the server secret. It works without logging in and never expires (a mail may be read late);
 * all it can do is stop mail, so it is not worth more than a signature.
 */
export function signUnsubscribe(secretKey: string, userId: number, scope: UnsubscribeScope): string {
  const body = `${userId}.${scope}`;
  return `${body}.${signature(secretKey, body)}`;
}

export function openUnsubscribe(
  secretKey: string,
  value: string,
): { userId: number; scope: UnsubscribeScope } | null {
  const match = /^([1-9]\d{0,14})\.([a-z]+)\.([A-Za-z0-9_-]{22})$/.exec(value);
  if (!match) return null;
  const [, id, scope, sent] = match;
  if (!id || !scope || !sent || !SCOPES.includes(scope)) return null;
  const expected = Buffer.from(signature(secretKey, `${id}.${scope}`));
  const given = Buffer.from(sent);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: Number(id), scope: scope as UnsubscribeScope };
}
