import { useState } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { emailField } from '../../../shared/schemas/accounts';
import { SectionStatus } from '../../components/form/section-status';
import { TextField } from '../../components/form/text-field';
import { useTouched } from '../../components/form/use-touched';
import { he } from '../../i18n/he';
import { fieldError } from '../../lib/field-error';
import { Section, useLoadStatus } from '../../lib/load-status-store';
import { openHeaderPanel } from '../../session/header-panel';
import { requestPasswordReset } from './api/forgot-password';
import { useResetOnEntry } from '../../lib/use-reset-on-entry';

/** The forgot-password form of the header panel (spec §2, §4, §8). */
export function ForgotPasswordForm() {
  const status = useLoadStatus(Section.ForgotPassword);
  const [email, setEmail] = useState('');
  const fields = useTouched<'email'>();
  useResetOnEntry(Section.ForgotPassword, status);

  const problem = fieldError(emailField, email);
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    fields.touchAll();
    if (problem || status === LoadStatus.Loading) return;
    requestPasswordReset(email.trim()).catch(() => undefined);
  };

  return (
    <SectionStatus section={Section.ForgotPassword} status={status} success={he.panel.forgotFinished}>
      <form
        className="form-stack"
        noValidate
        onSubmit={handleSubmit}
        aria-label={he.panel.forgotPasswordSubmit}
      >
        <TextField
          label={he.panel.email}
          error={fields.shown('email', problem)}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => fields.touch('email')}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {he.panel.forgotPasswordSubmit}
          </button>
          <button type="button" className="link-button" onClick={() => openHeaderPanel('Login')}>
            {he.panel.toLogin}
          </button>
        </div>
      </form>
    </SectionStatus>
  );
}
