import { useState } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { passwordField } from '../../../shared/schemas/accounts';
import { SectionStatus } from '../../components/form/section-status';
import { Spinner } from '../../components/form/status-message';
import { TextField } from '../../components/form/text-field';
import { he } from '../../i18n/he';
import { heForms } from '../../i18n/he-forms';
import { fieldError } from '../../lib/field-error';
import { loadStatusOfQuery, Section, useLoadStatus } from '../../lib/load-status-store';
import { useResetOnEntry } from '../../lib/use-reset-on-entry';
import { resetPassword } from './api/reset-password';
import { useValidateResetLink } from './api/validate-reset-link';
import { BackHome } from './back-home';
import './activation.css';
import { SubmitRow } from '../../components/form/submit-row';

/**
 * The forgot-password link (docs/product.md §2, §8): the link is checked first, then a new password is
 * chosen (with the invisible captcha) and saved.
 */
export function ResetPassword({ token }: { token: string }) {
  const linkStatus = loadStatusOfQuery(useValidateResetLink(token));
  const saveStatus = useLoadStatus(Section.ChangePassword);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  useResetOnEntry(Section.ChangePassword, saveStatus);

  if (linkStatus === LoadStatus.Loading || linkStatus === LoadStatus.NotStarted) {
    return <Spinner label={heForms.resetPassword.verifying} />;
  }
  if (linkStatus !== LoadStatus.Finished || saveStatus === LoadStatus.Finished) {
    return (
      <div className="activation-result">
        {linkStatus === LoadStatus.Finished ? (
          <SectionStatus
            section={Section.ChangePassword}
            status={saveStatus}
            success={heForms.resetPassword.saved}
          />
        ) : (
          <SectionStatus
            section={Section.ActivatePassword}
            status={linkStatus}
            success={null}
            resettable={false}
          />
        )}
        <BackHome />
      </div>
    );
  }

  const problem = touched ? fieldError(passwordField, password) : null;
  return (
    <SectionStatus section={Section.ChangePassword} status={saveStatus} success={heForms.resetPassword.saved}>
      <form
        className="form-stack reset-password-form"
        noValidate
        aria-label={heForms.resetPassword.choose}
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (fieldError(passwordField, password)) return;
          resetPassword(token, password).catch(() => undefined);
        }}
      >
        <h2>{heForms.resetPassword.choose}</h2>
        <TextField
          label={heForms.profile.newPassword}
          error={problem}
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <SubmitRow label={he.common.save} />
      </form>
    </SectionStatus>
  );
}
