import { Link } from 'react-router';
import { LoadStatus } from '../../../shared/load-status';
import { HE } from '../../i18n/he-accounts';
import { loadStatusOfQuery } from '../../lib/load-status-store';
import { Spinner, StatusMessage } from '../forms/status-message';
import { useActivateUser } from './api/activate-user';
import './activation.css';

const FAILURES: Partial<Record<LoadStatus, string>> = {
  [LoadStatus.MethodNotAllowed]: HE.activation.alreadyActive,
  [LoadStatus.NotAcceptable]: HE.activation.invalidCode,
  [LoadStatus.PreconditionFailed]: HE.activation.oldCode,
};

/** Account activation (spec §2, §8): a spinner, then the result with a link home. */
export function ActivateUser({ encryptedData }: { encryptedData: string }) {
  const status = loadStatusOfQuery(useActivateUser(encryptedData));
  if (status === LoadStatus.Loading || status === LoadStatus.NotStarted) {
    return <Spinner label={HE.activation.activating} />;
  }
  return (
    <div className="activation-result">
      {status === LoadStatus.Finished ? (
        <StatusMessage tone="success">{HE.activation.activated}</StatusMessage>
      ) : (
        <StatusMessage tone="error">{FAILURES[status] ?? HE.activation.failed}</StatusMessage>
      )}
      <Link className="button button--ghost" to="/">
        {HE.common.backHome}
      </Link>
    </div>
  );
}
