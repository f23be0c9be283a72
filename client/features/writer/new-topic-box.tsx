import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { can } from '../../../shared/policies';
import { he } from '../../i18n/he';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useCreateTopic } from './api/create-topic';
import { MessageWriter } from '../../components/writer/message-writer';
import { TextField } from '../../components/form/text-field';
import { fieldError } from '../../lib/field-error';
import { subjectText } from '../../../shared/schemas/topics';

/** The new-topic box of a forum page: a subject (trimmed, at most 40) and the writer. */
export function NewTopicBox({ forumId }: { forumId: number }) {
  const { status, send } = useCreateTopic(forumId);
  const [subject, setSubject] = useState('');
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const error = touched ? fieldError(subjectText, subject) : null;

  return (
    <section className="new-topic-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="writer-title">
        {he.writer.newTopic}
      </h2>
      <MessageWriter
        may={can.createTopic}
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
          dir="auto"
          maxLength={LIMITS.subjectMaxLength}
          placeholder={he.writer.subjectPlaceholder}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          onBlur={() => setTouched(true)}
        />
      </MessageWriter>
    </section>
  );
}
