import { useMemo, useState } from 'react';
import { birthdateError, calendarDateOf } from '../../../shared/birthdate';
import { LoadStatus } from '../../../shared/load-status';
import { emailField, passwordField } from '../../../shared/schemas/accounts';
import { he } from '../../i18n/he';
import { heForms } from '../../i18n/he-forms';
import { trackEvent } from '../../lib/analytics';
import { fieldError } from '../../lib/field-error';
import { getLoadStatus, resetLoadStatus, Section } from '../../lib/load-status-store';
import { BirthdatePicker } from '../../components/form/birthdate-picker';
import { ExpandableSection } from '../../components/expandable-section';
import { FormField } from '../../components/form/form-field';
import { SectionStatus } from '../../components/form/section-status';
import { type ProfileField, useEditProfile } from './api/edit-profile';
import './profile.css';

const TITLES: Record<ProfileField, string> = {
  Password: heForms.profile.password,
  Email: heForms.profile.email,
  Birthdate: heForms.profile.birthdate,
};
const LABELS: Record<ProfileField, string> = {
  Password: heForms.profile.newPassword,
  Email: heForms.profile.newEmail,
  Birthdate: heForms.profile.newBirthdate,
};

/**
 * One expandable section of the edit-profile page (docs/product.md §2): a form with save and close and its own
 * load status. Closing resets the status unless it is loading.
 */
export function ProfileSection({ field }: { field: ProfileField }) {
  const { status, save } = useEditProfile(field);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const today = useMemo(() => calendarDateOf(new Date()), []);

  const validate = (text: string): string | null => {
    if (field === 'Password') return fieldError(passwordField, text);
    if (field === 'Email') return fieldError(emailField, text);
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
    <ExpandableSection title={TITLES[field]} open={open} onToggle={() => (open ? close() : setOpen(true))}>
      <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={TITLES[field]}>
        <FormField label={LABELS[field]} error={problem}>
          {(control) =>
            field === 'Birthdate' ? (
              <BirthdatePicker
                id={control.id}
                value={value}
                invalid={control['aria-invalid'] === true}
                describedBy={control['aria-describedby']}
                onChange={setValue}
                onBlur={() => setTouched(true)}
              />
            ) : (
              <input
                {...control}
                type={field === 'Password' ? 'password' : 'email'}
                dir="ltr"
                autoComplete={field === 'Password' ? 'new-password' : 'email'}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                onBlur={() => setTouched(true)}
              />
            )
          }
        </FormField>
        <SectionStatus
          section={Section.EditProfile}
          id={field}
          status={status}
          success={heForms.profile.saved}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={loading}>
            {he.common.save}
          </button>
          <button type="button" className="button button--ghost" onClick={close}>
            {he.common.close}
          </button>
        </div>
      </form>
    </ExpandableSection>
  );
}
