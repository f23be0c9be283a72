import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { HE } from '../../i18n/he-accounts';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useCreateTopic } from './api/create-topic';
import { MessageWriter } from './message-writer';
import { subjectError } from './writer-validation';

/** The new-topic box of a forum page: a subject (trimmed, at most 40) and the writer. */
export function NewTopicBox({ forumId }: { forumId: number }) {
  const { status, send } = useCreateTopic(forumId);
  const [subject, setSubject] = useState('');
  const [touched, setTouched] = useState(false);
  const subjectId = useId();
  const errorId = useId();
  const error = touched ? subjectError(subject) : null;

  return (
    <section className="new-topic-box" aria-labelledby={`${subjectId}-title`}>
      <h2 id={`${subjectId}-title`} className="writer-title">
        {HE.writer.newTopic}
      </h2>
      <MessageWriter
        label={HE.writer.label}
        submitLabel={HE.writer.newTopic}
        status={status}
        validateOthers={() => {
          setTouched(true);
          return subjectError(subject) === null;
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
        <div className="writer-subject">
          <label htmlFor={subjectId}>{HE.writer.subject}</label>
          <input
            id={subjectId}
            type="text"
            dir="auto"
            maxLength={LIMITS.subjectMaxLength}
            placeholder={HE.writer.subjectPlaceholder}
            value={subject}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setSubject(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </MessageWriter>
    </section>
  );
}
