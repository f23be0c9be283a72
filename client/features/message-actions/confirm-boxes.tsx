import { he } from '../../i18n/he';
import { Section } from '../../lib/load-status-store';
import { useDeleteMessage } from './api/delete-message';
import { useDeleteTopic } from './api/delete-topic';
import { useRefreshTopicImage } from './api/refresh-topic-image';
import type { BoxProps } from './box-props';
import { ConfirmBox } from './confirm-box';

/** Delete a reply. */
export function DeleteBox({ message, post, onClose }: BoxProps) {
  const { status, remove } = useDeleteMessage(post.id, message.id);
  return (
    <ConfirmBox
      title={he.actions.delete}
      question={he.actions.deleteConfirm}
      confirmLabel={he.actions.confirmDelete}
      finished={he.actions.deleted}
      status={status}
      section={Section.DeleteMessage}
      id={message.id}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}

/** Delete a topic with all its messages (admins). */
export function DeleteTopicBox({ post, onClose }: BoxProps) {
  const { status, remove } = useDeleteTopic(post.id, post.forumId);
  return (
    <ConfirmBox
      title={he.actions.deleteTopic}
      question={he.actions.deleteTopicConfirm}
      confirmLabel={he.actions.confirmDelete}
      finished={he.actions.deleted}
      status={status}
      section={Section.DeleteMessage}
      id={post.id}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}

/** Make the topic's image again (admins). */
export function RefreshBox({ post, onClose }: BoxProps) {
  const { status, refresh } = useRefreshTopicImage(post.id);
  return (
    <ConfirmBox
      title={he.actions.refreshImage}
      question={he.actions.refreshConfirm}
      confirmLabel={he.actions.confirmRefresh}
      finished={he.actions.imageRefreshed}
      status={status}
      section={Section.RefreshPostImage}
      id={post.id}
      onConfirm={refresh}
      onClose={onClose}
    />
  );
}
