import { useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { subjectText } from '../../../shared/schemas/topics';
import { TextField } from '../../components/form/text-field';
import { he } from '../../i18n/he';
import { fieldError } from '../../lib/field-error';
import { Section } from '../../lib/load-status-store';
import { ActionBox } from './action-box';
import { useEditSubject } from './api/edit-subject';
import type { BoxProps } from './box-props';
import { SubmitRow } from '../../components/form/submit-row';
import { textDirection } from '../../lib/text-direction';

/** Rename a topic (admins); an empty subject is not saved (docs/product.md §5). */
export function SubjectBox({ post, onClose }: BoxProps) {
  const { status, save } = useEditSubject(post.id);
  const [subject, setSubject] = useState(post.subject);
  const invalid = fieldError(subjectText, subject) !== null;
  return (
    <ActionBox
      title={he.actions.editSubject}
      status={status}
      section={Section.EditSubject}
      id={post.id}
      finished={he.actions.subjectSaved}
      onClose={onClose}
    >
      <form
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) save(subject.trim()).catch(() => undefined);
        }}
      >
        <TextField
          label={he.writer.subject}
          error={null}
          type="text"
          dir={textDirection(subject)}
          maxLength={LIMITS.subjectMaxLength}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
        <SubmitRow label={he.common.save} disabled={invalid} />
      </form>
    </ActionBox>
  );
}
