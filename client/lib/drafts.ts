/**
 * Writing not yet sent, kept in this browser per member and place (a topic's reply, a forum's new
 * topic, an edit of a message): it survives a reload, a link followed and a session that ran out,
 * and its writer shows it again (docs/product.md §1). A member's explicit logout forgets them all,
 * for a shared computer.
 */
const PREFIX = 'draft:';

/** A draft left this long is no longer offered. */
export const DRAFT_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

interface StoredDraft {
  text: string;
  savedAt: number;
}

const keyOf = (userId: number, place: string) => `${PREFIX}${userId}:${place}`;

/** The member's draft at this place, or '' (none, too old, or no storage). */
export function readDraft(userId: number, place: string, now: number = Date.now()): string {
  try {
    const raw = localStorage.getItem(keyOf(userId, place));
    if (raw === null) return '';
    const stored = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (
      typeof stored?.text === 'string' &&
      typeof stored.savedAt === 'number' &&
      now - stored.savedAt <= DRAFT_KEPT_MS
    ) {
      return stored.text;
    }
    localStorage.removeItem(keyOf(userId, place));
  } catch {
    // Unreadable or blocked storage: nothing to offer.
  }
  return '';
}

/** Keeps the text as the member's draft at this place; an empty text forgets it. */
export function saveDraft(userId: number, place: string, text: string, now: number = Date.now()): void {
  try {
    if (text === '') localStorage.removeItem(keyOf(userId, place));
    else
      localStorage.setItem(
        keyOf(userId, place),
        JSON.stringify({ text, savedAt: now } satisfies StoredDraft),
      );
  } catch {
    // Full or blocked storage: the writing is simply not kept.
  }
}

/** Forgets every member's drafts in this browser. */
export function forgetAllDrafts(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // No storage, no drafts.
  }
}

/**
 * The place of an edit of a message, tied to the text the edit started from: once the message has
 * changed (saved from elsewhere, or by an admin), an edit begun on the old text is not offered over
 * the new one.
 */
export function editDraftPlace(messageId: number, content: string): string {
  // FNV-1a, 32 bits: a short key that changes with the text.
  let hash = 0x811c9dc5;
  for (let index = 0; index < content.length; index += 1) {
    hash ^= content.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `edit:${messageId}:${(hash >>> 0).toString(36)}`;
}
