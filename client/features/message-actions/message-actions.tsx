import type { Message } from '../../../shared/schemas/messages';
import type { Post } from '../../../shared/schemas/topics';

/** The actions under a message: like, report, edit, delete, admin actions. */
export function MessageActions({ message, post, isMain }: { message: Message; post: Post; isMain: boolean }) {
  return <div data-message-id={message.id} data-post-id={post.id} data-main={isMain} />;
}
