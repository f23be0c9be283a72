import { he } from '../../i18n/he';
import type { Section } from '../../lib/load-status-store';
import type { LoadStatus } from '../../../shared/load-status';
import { ActionBox } from './action-box';

/** An action box that asks a yes-or-no question before it acts. */
export function ConfirmBox({
  title,
  question,
  confirmLabel,
  finished,
  status,
  section,
  id,
  onConfirm,
  onClose,
}: {
  title: string;
  question: string;
  confirmLabel: string;
  finished: string;
  status: LoadStatus;
  section: Section;
  id: number;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <ActionBox title={title} status={status} section={section} id={id} finished={finished} onClose={onClose}>
      <p className="action-question">{question}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => onConfirm().catch(() => undefined)}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {he.common.cancel}
        </button>
      </div>
    </ActionBox>
  );
}
