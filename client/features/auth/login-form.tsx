import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { LoadStatus } from '../../../shared/load-status';
import { emailField, passwordField } from '../../../shared/schemas/accounts';
import { SectionStatus } from '../../components/form/section-status';
import { useTouched } from '../../components/form/use-touched';
import { heForms } from '../../i18n/he-forms';
import { ApiError } from '../../lib/api-client';
import { fieldError } from '../../lib/field-error';
import { resetLoadStatus, Section, useLoadStatus } from '../../lib/load-status-store';
import { useAuth } from '../../session/auth-store';
import { closeHeaderPanel, openHeaderPanel } from '../../session/header-panel';
import { login } from './api/login';
import { PanelActions } from './panel-actions';
import { PanelField } from './panel-field';
import { useResetOnEntry } from '../../lib/use-reset-on-entry';

const SUSPENDED = new Set(['suspended', 'suspended_forever']);

/** The login form of the header panel (docs/product.md §2, §4, §8). */
export function LoginForm() {
  const status = useLoadStatus(Section.Login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { user } = useAuth();
  const fields = useTouched<'email' | 'password'>();
  useResetOnEntry(Section.Login, status);

  useEffect(() => {
    if (status !== LoadStatus.Finished) return;
    const timer = window.setTimeout(() => {
      closeHeaderPanel();
      resetLoadStatus(Section.Login);
    }, LIMITS.loginPanelCloseMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  const emailProblem = fieldError(emailField, email);
  const passwordProblem = fieldError(passwordField, password);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    fields.touchAll();
    if (emailProblem || passwordProblem || status === LoadStatus.Loading) return;
    try {
      await login({ email: email.trim(), password });
    } catch (error) {
      // A suspended account: the server's text carries the end date and the reason, so it stands
      // above the form instead of the section's generic failure.
      if (error instanceof ApiError && SUSPENDED.has(error.code)) {
        resetLoadStatus(Section.Login);
        openHeaderPanel('Login', error.message);
      }
      // Any other failure is held by the Login section, shown by SectionStatus.
    }
  };

  return (
    <SectionStatus
      section={Section.Login}
      status={status}
      success={heForms.panel.greeting(user?.username ?? '')}
    >
      <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={heForms.panel.login}>
        <PanelField
          name="email"
          touched={fields}
          problem={emailProblem}
          value={email}
          autoComplete="email"
          onValue={setEmail}
        />
        <PanelField
          name="password"
          touched={fields}
          problem={passwordProblem}
          value={password}
          autoComplete="current-password"
          onValue={setPassword}
        />
        <PanelActions
          submitLabel={heForms.panel.login}
          switchTo="ForgotPassword"
          switchLabel={heForms.panel.forgotPasswordLink}
        />
        <p className="panel-switch">
          <button type="button" className="link-button" onClick={() => openHeaderPanel('Register')}>
            {heForms.panel.toRegister}
          </button>
        </p>
      </form>
    </SectionStatus>
  );
}
