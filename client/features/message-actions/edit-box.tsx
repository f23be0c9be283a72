import { useRef } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { can } from '../../../shared/policies';
import { MessageWriter } from '../../components/writer/message-writer';
import { he } from '../../i18n/he';
import { editDraftPlace } from '../../lib/drafts';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useClickOutside } from '../../lib/use-click-outside';
import { useEditMessage } from './api/edit-message';
import type { BoxProps } from './box-props';

/**
 * Edit a message in the writer, its text filled in; saving closes the box. A box closed by a click
 * outside or Escape keeps the edit as a draft for when it is opened again; cancel throws it away.
 */
export function EditBox({ message, post, onClose }: BoxProps) {
  const { status, edit } = useEditMessage(post.id, message.id);
  const ref = useRef<HTMLElement>(null);
  useClickOutside(ref, onClose, status !== LoadStatus.Loading);
  return (
    <section className="action-box" ref={ref} aria-label={he.actions.edit}>
      <MessageWriter
        may={(actor) => can.editMessage(actor, { userId: message.userId, isMain: message.id === post.id })}
        label={he.actions.edit}
        submitLabel={he.common.save}
        status={status}
        initialContent={message.content}
        draft={editDraftPlace(message.id, message.content)}
        onSend={async (content) => {
          await edit(content);
          onClose();
        }}
        onDismissFailure={() => resetLoadStatus(Section.EditMessage, message.id)}
        onCancel={onClose}
      />
    </section>
  );
}
