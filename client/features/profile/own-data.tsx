import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { passwordField } from '../../../shared/schemas/accounts';
import { ExpandableSection } from '../../components/expandable-section';
import { ActionStatus } from '../../components/form/action-status';
import { TextField } from '../../components/form/text-field';
import { heAdmin } from '../../i18n/he-admin';
import { fieldError } from '../../lib/field-error';
import { useAction } from '../../lib/use-action';
import { deleteOwnAccount, downloadOwnData } from './api/own-data';
import './profile.css';

/** An expandable section that keeps its own open state. */
function Expandable({ title, children }: { title: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <ExpandableSection title={title} open={open} onToggle={() => setOpen(!open)}>
      {children}
    </ExpandableSection>
  );
}

/** A member's own data on the edit-profile page: download it, or delete the account. */
export function OwnDataSections() {
  return (
    <>
      <Expandable title={heAdmin.ownData.title}>
        <ExportData />
      </Expandable>
      <Expandable title={heAdmin.ownData.deleteTitle}>
        <DeleteAccount />
      </Expandable>
    </>
  );
}

function ExportData() {
  const action = useAction();
  return (
    <div className="form-stack">
      <p className="profile-note">{heAdmin.ownData.exportText}</p>
      <ActionStatus
        status={action.status}
        error={action.error}
        success={heAdmin.ownData.exported}
        onReset={action.reset}
      />
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={action.loading}
          onClick={() => action.run(downloadOwnData)}
        >
          {heAdmin.ownData.export}
        </button>
      </div>
    </div>
  );
}

function DeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [deleteMessages, setDeleteMessages] = useState(false);
  const [touched, setTouched] = useState(false);
  const action = useAction();
  const problem = fieldError(passwordField, password);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || action.loading) return;
    const result = await action.run(() => deleteOwnAccount({ password, deleteMessages }));
    if (!result) return;
    // Lists may show the messages that went, or the name that changed.
    await queryClient.invalidateQueries();
    navigate('/', { replace: true });
  };

  return (
    <form className="form-stack" noValidate onSubmit={handleSubmit} aria-label={heAdmin.ownData.deleteTitle}>
      <p className="profile-note">{heAdmin.ownData.deleteText}</p>
      <TextField
        label={heAdmin.ownData.password}
        error={touched ? problem : null}
        type="password"
        dir="ltr"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      <label className="form-check">
        <input
          type="checkbox"
          checked={deleteMessages}
          onChange={(event) => setDeleteMessages(event.target.checked)}
        />
        <span>{heAdmin.ownData.deleteMessages}</span>
      </label>
      <ActionStatus
        status={action.status}
        error={action.error}
        success={heAdmin.ownData.deleted}
        onReset={action.reset}
      />
      <div className="form-actions">
        <button type="submit" className="button button--danger" disabled={action.loading}>
          {heAdmin.ownData.deleteSubmit}
        </button>
      </div>
    </form>
  );
}
