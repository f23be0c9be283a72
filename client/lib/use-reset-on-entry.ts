import { useEffect } from 'react';
import { LoadStatus } from '../../shared/load-status';
import { resetLoadStatus, type Section } from './load-status-store';

/** Entering a form shows the form (docs/product.md §4), unless its call is still on its way. */
export function useResetOnEntry(section: Section, status: LoadStatus): void {
  const loading = status === LoadStatus.Loading;
  useEffect(() => {
    if (!loading) resetLoadStatus(section);
    // Only on entry: a later status change is the section's own business.
  }, []);
}
