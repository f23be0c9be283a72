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
  // The live region comes first and stays while what it shows changes (see LiveStatus).
  return (
    <>
      <LiveStatus>
        {status === LoadStatus.Loading ? (
          <Spinner label={loadingLabel} live={false} />
        ) : status === LoadStatus.Finished ? (
          <StatusMessage tone="success" live={false}>
            {success}
          </StatusMessage>
        ) : settled ? null : (
          <StatusMessage
            tone="error"
            live={false}
            onReset={resettable ? () => resetLoadStatus(section, id) : undefined}
          >
            {sectionErrorMessage(section, status)}
          </StatusMessage>
        )}
      </LiveStatus>
      {status === LoadStatus.NotStarted ? children : null}
    </>
  );
}
