import { useId, useMemo, useRef, useState } from 'react';
import { birthdateError, calendarDateOf } from '../../../shared/birthdate';
import { LoadStatus } from '../../../shared/load-status';
import { emailField, passwordField, usernameField } from '../../../shared/schemas/accounts';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { BirthdatePicker } from '../../components/form/birthdate-picker';
import { FormField } from '../../components/form/form-field';
import { SectionStatus } from '../../components/form/section-status';
import { FieldError } from '../../components/form/status-message';
import { useTouched } from '../../components/form/use-touched';
import { PolicyContent } from '../../components/policy-content';
import { heForms } from '../../i18n/he-forms';
import { fieldError } from '../../lib/field-error';
import { Section, useLoadStatus } from '../../lib/load-status-store';
import { useClickOutside } from '../../lib/use-click-outside';
import { register } from './api/register';
import { PanelActions, toLogin } from './panel-actions';
import { PanelField } from './panel-field';
import { useResetOnEntry } from '../../lib/use-reset-on-entry';

type Field = 'username' | 'email' | 'password' | 'birthdate' | 'policy';

/** The register form of the header panel (docs/product.md §2, §4, §5, §8). */
export function RegisterForm() {
  const status = useLoadStatus(Section.Register);
  const [values, setValues] = useState({
    username: '',
    email: '',
    password: '',
    birthdate: '',
    policy: false,
  });
  const [termsOpen, setTermsOpen] = useState(false);
  const termsRef = useRef<HTMLDivElement>(null);
  const fields = useTouched<Field>();
  const id = useId();
  const today = useMemo(() => calendarDateOf(new Date()), []);
  useClickOutside(termsRef, () => setTermsOpen(false), termsOpen);

  useResetOnEntry(Section.Register, status);

  const problems: Record<Field, string | null> = {
    username: fieldError(usernameField, values.username),
    email: fieldError(emailField, values.email),
    password: fieldError(passwordField, values.password),
    birthdate: birthdateError(values.birthdate, today),
    policy: values.policy ? null : VALIDATION_MESSAGES.policyRequired,
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    fields.touchAll();
    if (Object.values(problems).some(Boolean) || status === LoadStatus.Loading) return;
    register({
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      birthdate: values.birthdate,
    }).catch(() => undefined);
  };

  const shown = (field: Field) => fields.shown(field, problems[field]);
  const input = (name: 'username' | 'email' | 'password', autoComplete: string) => (
    <PanelField
      name={name}
      touched={fields}
      problem={problems[name]}
      value={values[name]}
      autoComplete={autoComplete}
      onValue={(value) => setValues((previous) => ({ ...previous, [name]: value }))}
    />
  );
  const policyShown = shown('policy');

  return (
    <SectionStatus section={Section.Register} status={status} success={heForms.panel.registerFinished}>
      <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={heForms.panel.register}>
        {input('username', 'username')}
        {input('email', 'email')}
        {input('password', 'new-password')}
        <FormField label={heForms.panel.birthdate} error={shown('birthdate')}>
          {(control) => (
            <BirthdatePicker
              id={control.id}
              value={values.birthdate}
              invalid={control['aria-invalid'] === true}
              describedBy={control['aria-describedby']}
              onChange={(birthdate) => setValues((previous) => ({ ...previous, birthdate }))}
              onBlur={() => fields.touch('birthdate')}
            />
          )}
        </FormField>
        <div className="form-field" ref={termsRef}>
          <div className="form-check">
            <input
              id={`${id}-policy`}
              type="checkbox"
              checked={values.policy}
              aria-invalid={policyShown ? true : undefined}
              aria-describedby={policyShown ? `${id}-policy-error` : undefined}
              onChange={(event) => {
                const policy = event.target.checked;
                setValues((previous) => ({ ...previous, policy }));
                fields.touch('policy');
              }}
            />
            <span>
              <label htmlFor={`${id}-policy`}>{heForms.panel.policyLabelBefore}</label>
              <button
                type="button"
                className="link-button"
                aria-expanded={termsOpen}
                aria-controls={`${id}-terms`}
                onClick={() => setTermsOpen((open) => !open)}
              >
                {heForms.panel.termsLink}
              </button>
            </span>
          </div>
          {termsOpen ? (
            // Chromium lets the keyboard scroll a scrollable box without a tabIndex.
            <section id={`${id}-terms`} className="terms-box" aria-label={heForms.panel.termsLink}>
              <PolicyContent inFrame />
            </section>
          ) : null}
          <FieldError id={`${id}-policy-error`} error={policyShown} />
        </div>
        <PanelActions submitLabel={heForms.panel.register} {...toLogin} />
      </form>
    </SectionStatus>
  );
}
