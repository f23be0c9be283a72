import type { Message } from '../../../shared/schemas/messages';
import type { Post } from '../../../shared/schemas/topics';

/** What every action box under a message gets: the message, its topic and a way to close. */
export interface BoxProps {
  message: Message;
  post: Post;
  onClose: () => void;
}
