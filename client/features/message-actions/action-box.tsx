import { type ReactNode, useEffect, useRef } from 'react';
import { LoadStatus } from '../../../shared/load-status';
import { SectionStatus } from '../../components/form/section-status';
import { he } from '../../i18n/he';
import type { Section } from '../../lib/load-status-store';
import { useClickOutside } from '../../lib/use-click-outside';
import { useFocusTrap } from '../../lib/use-focus-trap';

/**
 * An action box: its form while waiting, a spinner while loading, the failure message (click to
 * try again) and the result. A click outside or Escape closes it unless it is loading (armed after 300 ms).
 */
export function ActionBox({
  title,
  status,
  section,
  id,
  finished,
  onClose,
  children,
}: {
  title: string;
  status: LoadStatus;
  section: Section;
  id: number;
  finished: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const loading = status === LoadStatus.Loading;
  useClickOutside(ref, onClose, !loading);
  // Focus moves into the box and back to its button when it closes; Escape closes it. Not a trap:
  // the box sits among the messages, not over them.
  useFocusTrap(ref, { trap: false, onEscape: loading ? undefined : onClose });
  // The whole box in sight, its confirm button too: the page's scroll padding keeps it clear of the
  // fixed bottom bar.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section className="action-box" ref={ref} aria-label={title}>
      <div className="action-box-head">
        <h3>{title}</h3>
        {loading ? null : (
          <button type="button" className="action-box-close" aria-label={he.common.close} onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </div>
      <SectionStatus section={section} id={id} status={status} success={finished}>
        {children}
      </SectionStatus>
    </section>
  );
}
