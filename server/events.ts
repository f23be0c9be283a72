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
  | { type: 'message.liked'; messageId: number; topicId: number; likes: number[] };

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
