import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadStatus } from '../../../shared/load-status';
import { HE } from '../../i18n/he-accounts';
import { loadStatusOfQuery, resetLoadStatus, Section, useLoadStatus } from '../../lib/load-status-store';
import { passwordError } from '../auth/field-rules';
import { FieldError, Spinner, StatusMessage } from '../forms/status-message';
import { resetPassword } from './api/reset-password';
import { useValidateResetLink } from './api/validate-reset-link';
import './activation.css';

const LINK_FAILURES: Partial<Record<LoadStatus, string>> = {
  [LoadStatus.PreconditionFailed]: HE.resetPassword.old,
};

/**
 * The forgot-password link (spec §2, §8): the link is checked first, then a new password is
 * chosen (with the invisible captcha) and saved.
 */
export function ResetPassword({ token }: { token: string }) {
  const linkStatus = loadStatusOfQuery(useValidateResetLink(token));
  const saveStatus = useLoadStatus(Section.ChangePassword);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();

  useEffect(() => {
    if (saveStatus !== LoadStatus.Loading) resetLoadStatus(Section.ChangePassword);
  }, []);

  if (linkStatus === LoadStatus.Loading || linkStatus === LoadStatus.NotStarted) {
    return <Spinner label={HE.resetPassword.verifying} />;
  }
  if (linkStatus !== LoadStatus.Finished) {
    return (
      <div className="activation-result">
        <StatusMessage tone="error">{LINK_FAILURES[linkStatus] ?? HE.resetPassword.invalid}</StatusMessage>
        <Link className="button button--ghost" to="/">
          {HE.common.backHome}
        </Link>
      </div>
    );
  }
  if (saveStatus === LoadStatus.Loading) return <Spinner label={HE.common.loading} />;
  if (saveStatus === LoadStatus.Finished) {
    return (
      <div className="activation-result">
        <StatusMessage tone="success">{HE.resetPassword.saved}</StatusMessage>
        <Link className="button button--ghost" to="/">
          {HE.common.backHome}
        </Link>
      </div>
    );
  }
  if (saveStatus !== LoadStatus.NotStarted) {
    const message =
      saveStatus === LoadStatus.PreconditionFailed
        ? HE.resetPassword.old
        : saveStatus === LoadStatus.NotAcceptable || saveStatus === LoadStatus.MethodNotAllowed
          ? HE.resetPassword.invalid
          : HE.resetPassword.failed;
    return (
      <StatusMessage tone="error" onReset={() => resetLoadStatus(Section.ChangePassword)}>
        {message}
      </StatusMessage>
    );
  }

  const problem = touched ? passwordError(password) : null;
  return (
    <form
      className="form-stack reset-password-form"
      noValidate
      aria-label={HE.resetPassword.choose}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (passwordError(password)) return;
        resetPassword(token, password).catch(() => undefined);
      }}
    >
      <h2>{HE.resetPassword.choose}</h2>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>{HE.profile.newPassword}</label>
        <input
          id={`${id}-password`}
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={password}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <FieldError id={`${id}-error`} error={problem} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {HE.common.save}
        </button>
      </div>
    </form>
  );
}
