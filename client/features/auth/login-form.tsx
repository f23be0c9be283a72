import { useEffect, useId, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { LoadStatus } from '../../../shared/load-status';
import { HE } from '../../i18n/he-accounts';
import { closeHeaderPanel, openHeaderPanel } from '../../lib/header-panel';
import { resetLoadStatus, Section, useLoadStatus } from '../../lib/load-status-store';
import { FieldError, Spinner, StatusMessage } from '../forms/status-message';
import { useTouched } from '../forms/use-touched';
import { login } from './api/login';
import { useAuth } from './auth-store';
import { emailError, passwordError } from './field-rules';

const FAILURES: Partial<Record<LoadStatus, string>> = {
  [LoadStatus.Unauthorized]: HE.panel.loginUnauthorized,
  [LoadStatus.PreconditionRequired]: HE.panel.loginInactive,
};

/** The login form of the header panel (spec §2, §4, §8). */
export function LoginForm() {
  const status = useLoadStatus(Section.Login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { user } = useAuth();
  const fields = useTouched<'email' | 'password'>();
  const id = useId();

  // Entering the screen shows the form (§4), unless a login is still on its way.
  useEffect(() => {
    if (status !== LoadStatus.Loading) resetLoadStatus(Section.Login);
  }, []);

  useEffect(() => {
    if (status !== LoadStatus.Finished) return;
    const timer = window.setTimeout(() => {
      closeHeaderPanel();
      resetLoadStatus(Section.Login);
    }, LIMITS.loginPanelCloseMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  const emailProblem = emailError(email);
  const passwordProblem = passwordError(password);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    fields.touchAll();
    if (emailProblem || passwordProblem || status === LoadStatus.Loading) return;
    try {
      await login({ email: email.trim(), password });
    } catch {
      // The Login section holds the failure, shown below.
    }
  };

  if (status === LoadStatus.Loading) return <Spinner label={HE.common.loading} />;
  if (status === LoadStatus.Finished) {
    return <StatusMessage tone="success">{HE.panel.greeting(user?.username ?? '')}</StatusMessage>;
  }
  if (status !== LoadStatus.NotStarted) {
    return (
      <StatusMessage tone="error" onReset={() => resetLoadStatus(Section.Login)}>
        {FAILURES[status] ?? HE.panel.loginFailed}
      </StatusMessage>
    );
  }

  const emailShown = fields.shown('email', emailProblem);
  const passwordShown = fields.shown('password', passwordProblem);
  return (
    <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={HE.panel.login}>
      <div className="form-field">
        <label htmlFor={`${id}-email`}>{HE.panel.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          aria-invalid={emailShown ? true : undefined}
          aria-describedby={emailShown ? `${id}-email-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => fields.touch('email')}
        />
        <FieldError id={`${id}-email-error`} error={emailShown} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>{HE.panel.password}</label>
        <input
          id={`${id}-password`}
          type="password"
          dir="ltr"
          autoComplete="current-password"
          value={password}
          aria-invalid={passwordShown ? true : undefined}
          aria-describedby={passwordShown ? `${id}-password-error` : undefined}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => fields.touch('password')}
        />
        <FieldError id={`${id}-password-error`} error={passwordShown} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {HE.panel.login}
        </button>
        <button type="button" className="link-button" onClick={() => openHeaderPanel('ForgotPassword')}>
          {HE.panel.forgotPasswordLink}
        </button>
      </div>
      <p className="panel-switch">
        <button type="button" className="link-button" onClick={() => openHeaderPanel('Register')}>
          {HE.panel.toRegister}
        </button>
      </p>
    </form>
  );
}
