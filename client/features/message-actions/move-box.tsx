import { useId, useState } from 'react';
import { ForumListbox } from '../../components/forum-listbox';
import { SubmitRow } from '../../components/form/submit-row';
import { he } from '../../i18n/he';
import { Section } from '../../lib/load-status-store';
import { useForums } from '../../session/get-forums';
import { ActionBox } from './action-box';
import { useMoveTopic } from './api/move-topic';
import type { BoxProps } from './box-props';

/** Move a topic to another forum (admins): the forums listed with their icons, as everywhere else. */
export function MoveBox({ post, onClose }: BoxProps) {
  const { status, move } = useMoveTopic(post.id);
  const { data: forums } = useForums();
  const [forumId, setForumId] = useState(post.forumId);
  const labelId = useId();
  return (
    <ActionBox
      title={he.actions.move}
      status={status}
      section={Section.MoveTopic}
      id={post.id}
      finished={he.actions.moved}
      onClose={onClose}
    >
      <form
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (forumId !== post.forumId) move(forumId).catch(() => undefined);
        }}
      >
        <div className="form-field">
          <span id={labelId} className="form-field__label">
            {he.actions.moveTo}
          </span>
          <ForumListbox forums={forums ?? []} value={forumId} onChange={setForumId} labelledBy={labelId} />
        </div>
        <SubmitRow label={he.actions.confirmMove} disabled={forumId === post.forumId} />
      </form>
    </ActionBox>
  );
}
