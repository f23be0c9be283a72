import type { ReactNode } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { he } from '../../i18n/he';
import { LiveStatus, Spinner, StatusMessage } from './status-message';

/**
 * The status line of an action kept by `useAction` (client/lib/use-action.ts): a spinner while it
 * runs, the success text, or the refusal's text; clicking a failure puts it back (docs/product.md §4, §8).
 */
export function ActionStatus({
  status,
  error,
  success,
  onReset,
}: {
  status: LoadStatus;
  error: string | null;
  success: ReactNode;
  onReset: () => void;
}) {
  return (
    <LiveStatus>
      {status === LoadStatus.NotStarted ? null : status === LoadStatus.Loading ? (
        <Spinner label={he.loading} live={false} />
      ) : status === LoadStatus.Finished ? (
        <StatusMessage tone="success" live={false}>
          {success}
        </StatusMessage>
      ) : (
        <StatusMessage tone="error" live={false} onReset={onReset}>
          {error}
        </StatusMessage>
      )}
    </LiveStatus>
  );
}
