import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { he } from '../../i18n/he';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { useCreateTopic } from './api/create-topic';
import { LoggedInWriter } from '../../components/writer/logged-in-writer';
import { TextField } from '../../components/form/text-field';
import { fieldError } from '../../lib/field-error';
import { subjectText } from '../../../shared/schemas/topics';
import { textDirection } from '../../lib/text-direction';
import { useDraft } from '../../components/writer/use-draft';

/**
 * The new-topic form of a user who may open topics: a subject (trimmed, at most 40) and the writer.
 * Its own chunk with the shared subject rule (and zod), loaded only for such a user.
 */
export function NewTopicForm({ forumId }: { forumId: number }) {
  const { status, send } = useCreateTopic(forumId);
  const subjectDraft = useDraft(`topic-subject:${forumId}`);
  const [subject, setSubject] = useState(subjectDraft.kept);
  // Kept for a member confirmed after the form opened: shown unless a subject was typed meanwhile.
  useEffect(() => {
    if (subjectDraft.kept) setSubject((current) => current || subjectDraft.kept);
  }, [subjectDraft.kept]);
  const changeSubject = (next: string) => {
    setSubject(next);
    subjectDraft.save(next.trim() === '' ? '' : next);
  };
  const [touched, setTouched] = useState(false);
  const error = touched ? fieldError(subjectText, subject) : null;

  return (
    <LoggedInWriter
      label={he.writer.label}
      submitLabel={he.writer.newTopic}
      draft={`topic:${forumId}`}
      status={status}
      validateOthers={() => {
        setTouched(true);
        return fieldError(subjectText, subject) === null;
      }}
      onSend={async (message) => {
        await send({ subject: subject.trim(), message });
        subjectDraft.save('');
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
        onChange={(event) => changeSubject(event.target.value)}
        onBlur={() => setTouched(true)}
      />
    </LoggedInWriter>
  );
}
