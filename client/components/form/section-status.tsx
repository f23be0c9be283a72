import type { ReactNode } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { he } from '../../i18n/he';
import { resetLoadStatus, type Section } from '../../lib/load-status-store';
import { sectionErrorMessage } from '../../lib/section-error';
import { Spinner, StatusMessage } from './status-message';

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
  if (status === LoadStatus.NotStarted) return children;
  if (status === LoadStatus.Loading) return <Spinner label={loadingLabel} />;
  if (status === LoadStatus.Finished) return <StatusMessage tone="success">{success}</StatusMessage>;
  return (
    <StatusMessage tone="error" onReset={resettable ? () => resetLoadStatus(section, id) : undefined}>
      {sectionErrorMessage(section, status)}
    </StatusMessage>
  );
}
