import type { NotificationKind } from './schemas/notifications';

/**
 * The Hebrew sentence of a notification, for the bell's list and the mails alike. Hebrew verbs
 * have gender; the user's is unknown, so the forms are written with a slash (הגיב/ה).
 */
export function notificationText(input: {
  kind: NotificationKind;
  actorName: string | null;
  actorCount: number;
  subject: string;
  forumName?: string | null;
}): string {
  const actor = input.actorName ?? 'משתמש/ת';
  const subject = `„${input.subject}”`;
  switch (input.kind) {
    case 'reply':
      return `${actor} הגיב/ה בנושא שלך ${subject}`;
    case 'quote':
      return `${actor} ציטט/ה את ההודעה שלך בנושא ${subject}`;
    case 'mention':
      return `${actor} הזכיר/ה אותך בנושא ${subject}`;
    case 'like':
      return input.actorCount > 1
        ? `${actor} ועוד ${input.actorCount - 1} אהבו את ההודעה שלך`
        : `${actor} אהב/ה את ההודעה שלך`;
    case 'topic_moved':
      return input.forumName
        ? `הנושא שלך ${subject} הועבר לפורום ${input.forumName}`
        : `הנושא שלך ${subject} הועבר לפורום אחר`;
    case 'topic_renamed':
      return `שם הנושא שלך שונה ל־${subject}`;
    case 'topic_deleted':
      return `הנושא שלך ${subject} נמחק על ידי מנהל/ת האתר`;
    case 'message_deleted':
      return `הודעה שלך בנושא ${subject} נמחקה על ידי מנהל/ת האתר`;
  }
}

/**
 * The query parameter of a topic's address that names the message to open: the one query
 * parameter a page reads (the topic page, its server rendering, and the guest cache, which drops
 * every other: server/guest-cache/pages.ts).
 */
export const MESSAGE_PARAMETER = 'message';

/** Where the client opens a message: the topic page scrolled to it (loading its page first). */
export function messagePath(topicId: number, messageId: number): string {
  return `/topic/${topicId}?${MESSAGE_PARAMETER}=${messageId}`;
}
