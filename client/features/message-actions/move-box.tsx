import { useState } from 'react';
import { FormField } from '../../components/form/form-field';
import { he } from '../../i18n/he';
import { Section } from '../../lib/load-status-store';
import { useForums } from '../../session/get-forums';
import { ActionBox } from './action-box';
import { useMoveTopic } from './api/move-topic';
import type { BoxProps } from './box-props';
import { SubmitRow } from '../../components/form/submit-row';

/** Move a topic to another forum (admins). */
export function MoveBox({ post, onClose }: BoxProps) {
  const { status, move } = useMoveTopic(post.id);
  const { data: forums } = useForums();
  const [forumId, setForumId] = useState(post.forumId);
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
        <FormField label={he.actions.moveTo} error={null}>
          {(control) => (
            <select {...control} value={forumId} onChange={(event) => setForumId(Number(event.target.value))}>
              {(forums ?? []).map((forum) => (
                <option key={forum.id} value={forum.id}>
                  {forum.icon} {forum.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <SubmitRow label={he.actions.confirmMove} disabled={forumId === post.forumId} />
      </form>
    </ActionBox>
  );
}
