import type { ReactNode } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { he } from '../../i18n/he';
import { resetLoadStatus, type Section } from '../../lib/load-status-store';
import { sectionErrorMessage } from '../../lib/section-error';
import { LiveStatus, Spinner, StatusMessage } from './status-message';

/**
 * What a section shows for its load status (docs/product.md §4, §8): its form (the children) before a call, a
 * spinner while loading, the success text, or the section's error text from the shared catalogue.
 * A failure is clickable and puts the section back to NotStarted, unless `resettable` is false
 * (a link's result, which has no form to return to).
 */
export function SectionStatus({
  section,
  id,
  status,
  success,
  loadingLabel = he.loading,
  resettable = true,
  children,
}: {
  section: Section;
  id?: number | string;
  status: LoadStatus;
  success: ReactNode;
  loadingLabel?: string;
  resettable?: boolean;
  children?: ReactNode;
}) {
  const settled =
    status === LoadStatus.NotStarted || status === LoadStatus.Loading || status === LoadStatus.Finished;
  const failure = settled ? null : sectionErrorMessage(section, status);
  // The live region comes first and stays while the view beside it changes (see LiveStatus).
  const announcement =
    status === LoadStatus.NotStarted
      ? null
      : status === LoadStatus.Loading
        ? loadingLabel
        : status === LoadStatus.Finished
          ? success
          : failure;
  return (
    <>
      <LiveStatus>{announcement}</LiveStatus>
      {status === LoadStatus.NotStarted ? (
        children
      ) : status === LoadStatus.Loading ? (
        <Spinner label={loadingLabel} live={false} />
      ) : status === LoadStatus.Finished ? (
        <StatusMessage tone="success" live={false}>
          {success}
        </StatusMessage>
      ) : (
        <StatusMessage
          tone="error"
          live={false}
          onReset={resettable ? () => resetLoadStatus(section, id) : undefined}
        >
          {failure}
        </StatusMessage>
      )}
    </>
  );
}
