import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { birthdateError, calendarDateOf } from '../../../shared/birthdate';
import { LoadStatus } from '../../../shared/load-status';
import { PolicyContent } from '../../components/policy-content';
import { HE } from '../../i18n/he-accounts';
import { openHeaderPanel } from '../../lib/header-panel';
import { resetLoadStatus, Section, useLoadStatus } from '../../lib/load-status-store';
import { BirthdatePicker } from '../forms/birthdate-picker';
import { FieldError, Spinner, StatusMessage } from '../forms/status-message';
import { useClickOutside } from '../forms/use-click-outside';
import { useTouched } from '../forms/use-touched';
import { register } from './api/register';
import { emailError, passwordError, policyError, usernameError } from './field-rules';

const FAILURES: Partial<Record<LoadStatus, string>> = {
  [LoadStatus.NotAcceptable]: HE.panel.registerEmailTaken,
  [LoadStatus.ProxyAuthenticationRequired]: HE.panel.registerUsernameTaken,
  [LoadStatus.PreconditionFailed]: HE.panel.registerMailFailed,
};

type Field = 'username' | 'email' | 'password' | 'birthdate' | 'policy';

/** The register form of the header panel (spec §2, §4, §5, §8). */
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

  useEffect(() => {
    if (status !== LoadStatus.Loading) resetLoadStatus(Section.Register);
  }, []);

  const problems: Record<Field, string | null> = {
    username: usernameError(values.username),
    email: emailError(values.email),
    password: passwordError(values.password),
    birthdate: birthdateError(values.birthdate, today),
    policy: policyError(values.policy),
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

  if (status === LoadStatus.Loading) return <Spinner label={HE.common.loading} />;
  if (status === LoadStatus.Finished)
    return <StatusMessage tone="success">{HE.panel.registerFinished}</StatusMessage>;
  if (status !== LoadStatus.NotStarted) {
    return (
      <StatusMessage tone="error" onReset={() => resetLoadStatus(Section.Register)}>
        {FAILURES[status] ?? HE.panel.registerFailed}
      </StatusMessage>
    );
  }

  const shown = (field: Field) => fields.shown(field, problems[field]);
  const input = (field: 'username' | 'email' | 'password', type: string, autoComplete: string) => {
    const error = shown(field);
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${field}`}>{HE.panel[field]}</label>
        <input
          id={`${id}-${field}`}
          type={type}
          dir={field === 'username' ? 'auto' : 'ltr'}
          autoComplete={autoComplete}
          value={values[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}
          onBlur={() => fields.touch(field)}
        />
        <FieldError id={`${id}-${field}-error`} error={error} />
      </div>
    );
  };
  const birthdateShown = shown('birthdate');
  const policyShown = shown('policy');

  return (
    <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={HE.panel.register}>
      {input('username', 'text', 'username')}
      {input('email', 'email', 'email')}
      {input('password', 'password', 'new-password')}
      <div className="form-field">
        <label htmlFor={`${id}-birthdate`}>{HE.panel.birthdate}</label>
        <BirthdatePicker
          id={`${id}-birthdate`}
          value={values.birthdate}
          invalid={birthdateShown !== null}
          describedBy={birthdateShown ? `${id}-birthdate-error` : undefined}
          onChange={(birthdate) => setValues((previous) => ({ ...previous, birthdate }))}
          onBlur={() => fields.touch('birthdate')}
        />
        <FieldError id={`${id}-birthdate-error`} error={birthdateShown} />
      </div>
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
            <label htmlFor={`${id}-policy`}>{HE.panel.policyLabelBefore}</label>
            <button
              type="button"
              className="link-button"
              aria-expanded={termsOpen}
              aria-controls={`${id}-terms`}
              onClick={() => setTermsOpen((open) => !open)}
            >
              {HE.panel.termsLink}
            </button>
          </span>
        </div>
        {termsOpen ? (
          // Chromium lets the keyboard scroll a scrollable box without a tabIndex.
          <section id={`${id}-terms`} className="terms-box" aria-label={HE.panel.termsLink}>
            <PolicyContent inFrame />
          </section>
        ) : null}
        <FieldError id={`${id}-policy-error`} error={policyShown} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {HE.panel.register}
        </button>
        <button type="button" className="link-button" onClick={() => openHeaderPanel('Login')}>
          {HE.panel.toLogin}
        </button>
      </div>
    </form>
  );
}
