import { useId, useState } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import {
  MAIL_DELIVERIES,
  NOTIFICATION_CATEGORIES,
  type NotificationPreferences,
} from '../../../shared/schemas/notifications';
import { ExpandableSection } from '../../components/expandable-section';
import { FailurePanel } from '../../components/failure-panel';
import { SectionStatus } from '../../components/form/section-status';
import { PageLoader } from '../../components/page-loader';
import { he } from '../../i18n/he';
import { heForms } from '../../i18n/he-forms';
import { trackEvent } from '../../lib/analytics';
import { getLoadStatus, resetLoadStatus, Section } from '../../lib/load-status-store';
import {
  PREFERENCES_SECTION_ID,
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from './api/notification-preferences';
import './profile.css';

const text = heForms.notificationPreferences;

/**
 * The fourth section of edit profile: for each kind of notification, mail it immediately, in a
 * daily digest, or never. Same pattern as the other sections: expand, save, its own load status.
 */
export function NotificationPreferencesSection() {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    if (getLoadStatus(Section.EditProfile, PREFERENCES_SECTION_ID) !== LoadStatus.Loading)
      resetLoadStatus(Section.EditProfile, PREFERENCES_SECTION_ID);
  };
  return (
    <ExpandableSection title={text.title} open={open} onToggle={() => (open ? close() : setOpen(true))}>
      <PreferencesBody onClose={close} />
    </ExpandableSection>
  );
}

function PreferencesBody({ onClose }: { onClose: () => void }) {
  const query = useNotificationPreferences(true);
  if (query.isPending) return <PageLoader compact />;
  if (query.isError) return <FailurePanel onRetry={() => query.refetch()} />;
  return <PreferencesForm initial={query.data} onClose={onClose} />;
}

function PreferencesForm({ initial, onClose }: { initial: NotificationPreferences; onClose: () => void }) {
  const [value, setValue] = useState(initial);
  const { status, save } = useSaveNotificationPreferences();
  const loading = status === LoadStatus.Loading;
  const name = useId();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (loading) return;
    trackEvent('edit_profile', PREFERENCES_SECTION_ID);
    save(value).catch(() => undefined);
  };

  return (
    <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={text.title}>
      <p className="preferences-intro">{text.intro}</p>
      {NOTIFICATION_CATEGORIES.map((category) => (
        <fieldset key={category} className="preferences-group">
          <legend>{text.categories[category]}</legend>
          <div className="preferences-choices">
            {MAIL_DELIVERIES.map((delivery) => (
              <label key={delivery} className="preferences-choice">
                <input
                  type="radio"
                  name={`${name}-${category}`}
                  value={delivery}
                  checked={value[category] === delivery}
                  onChange={() => setValue((current) => ({ ...current, [category]: delivery }))}
                />
                <span>{text.deliveries[delivery]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <SectionStatus
        section={Section.EditProfile}
        id={PREFERENCES_SECTION_ID}
        status={status}
        success={text.saved}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={loading}>
          {he.common.save}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {he.common.close}
        </button>
      </div>
    </form>
  );
}
