import { useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { he } from '../../i18n/he';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useCreateTopic } from './api/create-topic';
import { LoggedInWriter } from '../../components/writer/logged-in-writer';
import { TextField } from '../../components/form/text-field';
import { fieldError } from '../../lib/field-error';
import { subjectText } from '../../../shared/schemas/topics';
import { textDirection } from '../../lib/text-direction';

/**
 * The new-topic form of a user who may open topics: a subject (trimmed, at most 40) and the writer.
 * Its own chunk with the shared subject rule (and zod), loaded only for such a user.
 */
export function NewTopicForm({ forumId }: { forumId: number }) {
  const { status, send } = useCreateTopic(forumId);
  const [subject, setSubject] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched ? fieldError(subjectText, subject) : null;

  return (
    <LoggedInWriter
      label={he.writer.label}
      submitLabel={he.writer.newTopic}
      status={status}
      validateOthers={() => {
        setTouched(true);
        return fieldError(subjectText, subject) === null;
      }}
      onSend={async (message) => {
        await send({ subject: subject.trim(), message });
        window.setTimeout(() => {
          setSubject('');
          setTouched(false);
        }, LIMITS.writerResetMs);
      }}
      onDismissFailure={() => resetLoadStatus(Section.NewTopic, forumId)}
    >
      <TextField
        className="writer-subject"
        label={he.writer.subject}
        error={error}
        type="text"
        dir={textDirection(subject)}
        maxLength={LIMITS.subjectMaxLength}
        placeholder={he.writer.subjectPlaceholder}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        onBlur={() => setTouched(true)}
      />
    </LoggedInWriter>
  );
}
