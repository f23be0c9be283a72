import { useEffect, useId, useState } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { HE } from '../../i18n/he-accounts';
import { openHeaderPanel } from '../../lib/header-panel';
import { resetLoadStatus, Section, useLoadStatus } from '../../lib/load-status-store';
import { FieldError, Spinner, StatusMessage } from '../forms/status-message';
import { useTouched } from '../forms/use-touched';
import { requestPasswordReset } from './api/forgot-password';
import { emailError } from './field-rules';

const FAILURES: Partial<Record<LoadStatus, string>> = {
  [LoadStatus.Unauthorized]: HE.panel.forgotUnauthorized,
  [LoadStatus.PreconditionRequired]: HE.panel.forgotInactive,
};

/** The forgot-password form of the header panel (spec §2, §4, §8). */
export function ForgotPasswordForm() {
  const status = useLoadStatus(Section.ForgotPassword);
  const [email, setEmail] = useState('');
  const fields = useTouched<'email'>();
  const id = useId();

  useEffect(() => {
    if (status !== LoadStatus.Loading) resetLoadStatus(Section.ForgotPassword);
  }, []);

  const problem = emailError(email);
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    fields.touchAll();
    if (problem || status === LoadStatus.Loading) return;
    requestPasswordReset(email.trim()).catch(() => undefined);
  };

  if (status === LoadStatus.Loading) return <Spinner label={HE.common.loading} />;
  if (status === LoadStatus.Finished)
    return <StatusMessage tone="success">{HE.panel.forgotFinished}</StatusMessage>;
  if (status !== LoadStatus.NotStarted) {
    return (
      <StatusMessage tone="error" onReset={() => resetLoadStatus(Section.ForgotPassword)}>
        {FAILURES[status] ?? HE.panel.forgotFailed}
      </StatusMessage>
    );
  }
  const shown = fields.shown('email', problem);
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={handleSubmit}
      aria-label={HE.panel.forgotPasswordSubmit}
    >
      <div className="form-field">
        <label htmlFor={`${id}-email`}>{HE.panel.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => fields.touch('email')}
        />
        <FieldError id={`${id}-error`} error={shown} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {HE.panel.forgotPasswordSubmit}
        </button>
        <button type="button" className="link-button" onClick={() => openHeaderPanel('Login')}>
          {HE.panel.toLogin}
        </button>
      </div>
    </form>
  );
}
