import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type SiteInfo, siteSettingsBody } from '../../../shared/schemas/site';
import { ActionStatus } from '../../components/form/action-status';
import { TextField } from '../../components/form/text-field';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { he } from '../../i18n/he';
import { heAdmin } from '../../i18n/he-admin';
import { fieldError } from '../../lib/field-error';
import { useAction } from '../../lib/use-action';
import { saveSiteSettings, useSiteSettings } from './api/site-settings';
import { textDirection } from '../../lib/text-direction';
import '../../components/admin-screens.css';

type Field = keyof SiteInfo;

const FIELDS: readonly { field: Field; label: string; type: 'text' | 'email' | 'url' }[] = [
  { field: 'siteName', label: heAdmin.site.siteName, type: 'text' },
  { field: 'description', label: heAdmin.site.description, type: 'text' },
  { field: 'contactEmail', label: heAdmin.site.contactEmail, type: 'email' },
  { field: 'socialUrl', label: heAdmin.site.socialUrl, type: 'url' },
  { field: 'archiveUrl', label: heAdmin.site.archiveUrl, type: 'url' },
];

/** The site's settings screen: name, short description, contact address and the footer's links. */
export function SiteSettings() {
  const query = useSiteSettings();
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <FailurePanel onRetry={() => query.refetch()} />;
  return <SiteSettingsForm initial={query.data} />;
}

function SiteSettingsForm({ initial }: { initial: SiteInfo }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SiteInfo>(initial);
  const [touched, setTouched] = useState(false);
  const action = useAction();
  const problem = (field: Field) => fieldError(siteSettingsBody.shape[field], values[field]);
  const shown = (field: Field) => (touched ? problem(field) : null);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (FIELDS.some(({ field }) => problem(field)) || action.loading) return;
    action.run(() => saveSiteSettings(queryClient, values));
  };

  return (
    <form
      className="form-stack admin-form admin-card"
      noValidate
      onSubmit={handleSubmit}
      aria-label={heAdmin.site.title}
    >
      {FIELDS.map(({ field, label, type }) => (
        <TextField
          key={field}
          label={label}
          type={type}
          dir={type === 'text' ? textDirection(values[field]) : 'ltr'}
          error={shown(field)}
          value={values[field]}
          onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          onBlur={() => setTouched(true)}
        />
      ))}
      <ActionStatus
        status={action.status}
        error={action.error}
        success={heAdmin.saved}
        onReset={action.reset}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={action.loading}>
          {he.common.save}
        </button>
      </div>
    </form>
  );
}
