import type { ReactNode } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { he } from '../../i18n/he';
import { Spinner, StatusMessage } from './status-message';

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
  if (status === LoadStatus.NotStarted) return null;
  if (status === LoadStatus.Loading) return <Spinner label={he.loading} />;
  if (status === LoadStatus.Finished) return <StatusMessage tone="success">{success}</StatusMessage>;
  return (
    <StatusMessage tone="error" onReset={onReset}>
      {error}
    </StatusMessage>
  );
}
