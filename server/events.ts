import { EventEmitter } from 'node:events';

/** What a write changed. Live updates (SSE, PostgreSQL LISTEN/NOTIFY) will subscribe here. */
export type ForumEvent =
  | {
      type: 'topic.created' | 'topic.deleted' | 'topic.updated';
      topicId: number;
      forumId: number;
    }
  | { type: 'topic.moved'; topicId: number; forumId: number; fromForumId: number }
  | {
      type: 'message.created' | 'message.updated' | 'message.deleted';
      messageId: number;
      topicId: number;
      forumId: number;
    }
  | { type: 'message.liked'; messageId: number; topicId: number; likes: number[] }
  /** A forum was added, renamed, reordered, merged or deleted: every list of forums changed. */
  | { type: 'forums.changed' }
  /** An admin changed the site settings (name, description, contact, footer links). */
  | { type: 'site.changed' };

const emitter = new EventEmitter();
emitter.setMaxListeners(100);

/** Publishes a change after its transaction committed. */
export function publish(event: ForumEvent): void {
  emitter.emit('event', event);
}

export function subscribe(listener: (event: ForumEvent) => void): () => void {
  emitter.on('event', listener);
  return () => emitter.off('event', listener);
}
