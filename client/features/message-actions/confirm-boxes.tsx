import type { LoadStatus } from '../../../shared/load-status';
import { heForms } from '../../i18n/he-forms';
import { Section } from '../../lib/load-status-store';
import { useDeleteMessage } from './api/delete-message';
import { useDeleteTopic } from './api/delete-topic';
import { useRefreshTopicImage } from './api/refresh-topic-image';
import type { BoxProps } from './box-props';
import { ConfirmBox } from './confirm-box';

type ConfirmTexts = { title: string; question: string; confirmLabel: string; finished: string };

/** The call behind a box: its status, the call itself and the id its section is tracked under. */
type UseAction = (props: BoxProps) => { status: LoadStatus; run: () => Promise<unknown>; id: number };

/** A box that asks before it runs one action. */
function confirmBoxOf(texts: ConfirmTexts, section: Section, useAction: UseAction) {
  return function ActionConfirmBox(props: BoxProps) {
    const { status, run, id } = useAction(props);
    return (
      <ConfirmBox
        {...texts}
        section={section}
        status={status}
        id={id}
        onConfirm={run}
        onClose={props.onClose}
      />
    );
  };
}

/** Delete a reply. */
export const DeleteBox = confirmBoxOf(
  heForms.confirmBoxes.deleteMessage,
  Section.DeleteMessage,
  ({ message, post }) => ({
    ...useDeleteMessage(post.id, message.id),
    id: message.id,
  }),
);

/** Delete a topic with all its messages (admins). */
export const DeleteTopicBox = confirmBoxOf(
  heForms.confirmBoxes.deleteTopic,
  Section.DeleteMessage,
  ({ post }) => ({
    ...useDeleteTopic(post.id, post.forumId),
    id: post.id,
  }),
);

/** Make the topic's image again (admins). */
export const RefreshBox = confirmBoxOf(
  heForms.confirmBoxes.refreshImage,
  Section.RefreshPostImage,
  ({ post }) => ({
    ...useRefreshTopicImage(post.id),
    id: post.id,
  }),
);
