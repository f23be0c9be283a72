import { useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { emailField } from '../../../shared/schemas/accounts';
import { reportReason } from '../../../shared/schemas/reports';
import { TextField } from '../../components/form/text-field';
import { he } from '../../i18n/he';
import { fieldError } from '../../lib/field-error';
import { Section } from '../../lib/load-status-store';
import { useAuth } from '../../session/auth-store';
import { ActionBox } from './action-box';
import { useAddMessageReport } from './api/add-message-report';
import type { BoxProps } from './box-props';
import { SubmitRow } from '../../components/form/submit-row';
import { textDirection } from '../../lib/text-direction';

/**
 * Report a message (guests too): a reason and an email, checked before the captcha runs (docs/product.md §5).
 * A logged-in member's email is filled in from their profile.
 */
export function ReportBox({ message, onClose }: BoxProps) {
  const { status, send } = useAddMessageReport(message.id);
  const [content, setContent] = useState('');
  const { user } = useAuth();
  // A logged-in member's own address, so they need not type it again; they may still change it.
  // Until they do, the field follows the session: a box opened while the session is still being
  // checked gets the address when the check answers.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? user?.email ?? '';
  const [attempted, setAttempted] = useState(false);
  const contentProblem = fieldError(reportReason, content);
  const emailProblem = fieldError(emailField, email);
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (contentProblem || emailProblem) return;
    send({ content: content.trim(), email: email.trim() }).catch(() => undefined);
  };
  return (
    <ActionBox
      title={he.actions.report}
      status={status}
      section={Section.AddMessageReport}
      id={message.id}
      finished={he.actions.reported}
      onClose={onClose}
    >
      <form className="form-stack" noValidate onSubmit={handleSubmit}>
        <TextField
          multiline
          label={he.actions.reportReason}
          error={attempted ? contentProblem : null}
          dir={textDirection(content)}
          rows={3}
          maxLength={LIMITS.reportReasonMaxLength}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
        <TextField
          label={he.actions.reportEmail}
          error={attempted ? emailProblem : null}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitRow label={he.actions.reportSend} />
      </form>
    </ActionBox>
  );
}
