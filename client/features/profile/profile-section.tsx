import { useId, useMemo, useState } from 'react';
import { birthdateError, calendarDateOf } from '../../../shared/birthdate';
import { LoadStatus } from '../../../shared/load-status';
import { HE } from '../../i18n/he-accounts';
import { trackEvent } from '../../lib/analytics';
import { getLoadStatus, resetLoadStatus, Section } from '../../lib/load-status-store';
import { emailError, passwordError } from '../auth/field-rules';
import { BirthdatePicker } from '../forms/birthdate-picker';
import { FieldError, Spinner, StatusMessage } from '../forms/status-message';
import { type ProfileField, useEditProfile } from './api/edit-profile';
import './profile.css';

const TITLES: Record<ProfileField, string> = {
  Password: HE.profile.password,
  Email: HE.profile.email,
  Birthdate: HE.profile.birthdate,
};
const LABELS: Record<ProfileField, string> = {
  Password: HE.profile.newPassword,
  Email: HE.profile.newEmail,
  Birthdate: HE.profile.newBirthdate,
};

/**
 * One expandable section of the edit-profile page (spec §2): a form with save and close and its own
 * load status. Closing resets the status unless it is loading.
 */
export function ProfileSection({ field }: { field: ProfileField }) {
  const { status, save } = useEditProfile(field);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const today = useMemo(() => calendarDateOf(new Date()), []);
  const id = useId();

  const validate = (text: string): string | null => {
    if (field === 'Password') return passwordError(text);
    if (field === 'Email') return emailError(text);
    return birthdateError(text, today);
  };
  const problem = touched ? validate(value) : null;
  const loading = status === LoadStatus.Loading;

  const close = () => {
    setOpen(false);
    if (getLoadStatus(Section.EditProfile, field) !== LoadStatus.Loading) {
      resetLoadStatus(Section.EditProfile, field);
      setValue('');
      setTouched(false);
    }
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validate(value) || loading) return;
    trackEvent('edit_profile', field);
    save(field === 'Email' ? value.trim() : value).catch(() => undefined);
  };

  return (
    <section className={open ? 'profile-section is-open' : 'profile-section'}>
      <h2 className="profile-section-title">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <span>{TITLES[field]}</span>
          <span className="profile-section-caret" aria-hidden="true" />
        </button>
      </h2>
      {open ? (
        <div id={`${id}-body`} className="profile-section-body">
          <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={TITLES[field]}>
            <div className="form-field">
              <label htmlFor={`${id}-value`}>{LABELS[field]}</label>
              {field === 'Birthdate' ? (
                <BirthdatePicker
                  id={`${id}-value`}
                  value={value}
                  invalid={problem !== null}
                  describedBy={problem ? `${id}-error` : undefined}
                  onChange={setValue}
                  onBlur={() => setTouched(true)}
                />
              ) : (
                <input
                  id={`${id}-value`}
                  type={field === 'Password' ? 'password' : 'email'}
                  dir="ltr"
                  autoComplete={field === 'Password' ? 'new-password' : 'email'}
                  value={value}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  onChange={(event) => setValue(event.target.value)}
                  onBlur={() => setTouched(true)}
                />
              )}
              <FieldError id={`${id}-error`} error={problem} />
            </div>
            {loading ? <Spinner label={HE.common.loading} /> : null}
            {status === LoadStatus.Finished ? (
              <StatusMessage tone="success">{HE.profile.saved}</StatusMessage>
            ) : null}
            {status === LoadStatus.NotAcceptable ? (
              <StatusMessage tone="error" onReset={() => resetLoadStatus(Section.EditProfile, field)}>
                {HE.profile.taken}
              </StatusMessage>
            ) : null}
            {!loading &&
            status !== LoadStatus.NotStarted &&
            status !== LoadStatus.Finished &&
            status !== LoadStatus.NotAcceptable ? (
              <StatusMessage tone="error" onReset={() => resetLoadStatus(Section.EditProfile, field)}>
                {HE.profile.failed}
              </StatusMessage>
            ) : null}
            <div className="form-actions">
              <button type="submit" className="button button--primary" disabled={loading}>
                {HE.common.save}
              </button>
              <button type="button" className="button button--ghost" onClick={close}>
                {HE.common.close}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </section>
  );
}
