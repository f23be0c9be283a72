import { useId, useState } from 'react';
import { suspendBody } from '../../../shared/schemas/members';
import { ActionStatus } from '../../components/form/action-status';
import { TextField } from '../../components/form/text-field';
import { he } from '../../i18n/he';
import { heAdmin } from '../../i18n/he-admin';
import { fieldError } from '../../lib/field-error';
import { useAction } from '../../lib/use-action';
import type { SuspendInput } from './api/members';
import { textDirection } from '../../lib/text-direction';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The periods offered; `null` is for good. */
export const SUSPENSION_PERIODS = [
  { key: 'day', ms: DAY_MS },
  { key: 'week', ms: 7 * DAY_MS },
  { key: 'month', ms: 30 * DAY_MS },
  { key: 'year', ms: 365 * DAY_MS },
  { key: 'forever', ms: null },
] as const;

type PeriodKey = (typeof SUSPENSION_PERIODS)[number]['key'];

/**
 * Suspending a member: for a period or for good, with a reason the member is shown when they try
 * to log in. The member's sessions end when the server answers.
 */
export function SuspendDialog({
  username,
  onSubmit,
  onCancel,
  now = Date.now,
}: {
  username: string;
  onSubmit: (input: SuspendInput) => Promise<unknown>;
  onCancel: () => void;
  /** The clock the period counts from (tests pass their own). */
  now?: () => number;
}) {
  const [period, setPeriod] = useState<PeriodKey>('week');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const action = useAction();
  const titleId = useId();
  const problem = fieldError(suspendBody.shape.reason, reason);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || action.loading) return;
    const chosen = SUSPENSION_PERIODS.find((item) => item.key === period);
    const until = chosen?.ms ? now() + chosen.ms : null;
    action.run(() => onSubmit({ until, reason: reason.trim() }));
  };

  return (
    <section className="member-panel admin-card" role="dialog" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {heAdmin.members.suspendTitle(username)}
      </h2>
      <form className="form-stack" noValidate onSubmit={handleSubmit}>
        <fieldset className="period-choices">
          <legend>{heAdmin.members.period}</legend>
          {SUSPENSION_PERIODS.map((item) => (
            <label key={item.key}>
              <input
                type="radio"
                name={`${titleId}-period`}
                value={item.key}
                checked={period === item.key}
                onChange={() => setPeriod(item.key)}
              />
              {heAdmin.members.periods[item.key]}
            </label>
          ))}
        </fieldset>
        <TextField
          multiline
          label={heAdmin.members.reasonLabel}
          error={touched ? problem : null}
          value={reason}
          dir={textDirection(reason)}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <ActionStatus
          status={action.status}
          error={action.error}
          success={heAdmin.members.suspended}
          onReset={action.reset}
        />
        <div className="form-actions">
          <button type="submit" className="button button--danger" disabled={action.loading}>
            {heAdmin.members.suspendSubmit}
          </button>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {he.common.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
