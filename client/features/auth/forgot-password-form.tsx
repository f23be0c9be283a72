import { useState } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { emailField } from '../../../shared/schemas/accounts';
import { SectionStatus } from '../../components/form/section-status';
import { useTouched } from '../../components/form/use-touched';
import { heForms } from '../../i18n/he-forms';
import { fieldError } from '../../lib/field-error';
import { Section, useLoadStatus } from '../../lib/load-status-store';
import { requestPasswordReset } from './api/forgot-password';
import { PanelActions, toLogin } from './panel-actions';
import { PanelField } from './panel-field';
import { useResetOnEntry } from '../../lib/use-reset-on-entry';

/** The forgot-password form of the header panel (docs/product.md §2, §4, §8). */
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
    <SectionStatus section={Section.ForgotPassword} status={status} success={heForms.panel.forgotFinished}>
      <form
        className="form-stack"
        noValidate
        onSubmit={handleSubmit}
        aria-label={heForms.panel.forgotPasswordSubmit}
      >
        <PanelField
          name="email"
          touched={fields}
          problem={problem}
          value={email}
          autoComplete="email"
          onValue={setEmail}
        />
        <PanelActions submitLabel={heForms.panel.forgotPasswordSubmit} {...toLogin} />
      </form>
    </SectionStatus>
  );
}
