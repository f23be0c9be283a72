import { type ReactNode, useId } from 'react';
import './expandable-section.css';

/**
 * A section that opens under its heading (the disclosure pattern): the heading is a button with
 * `aria-expanded` and `aria-controls`, and its chevron points down when open and to the left
 * (forward in right to left) when closed. The body is rendered only while open.
 */
export function ExpandableSection({
  title,
  open,
  onToggle,
  children,
}: {
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const bodyId = `${id}-body`;
  return (
    <section className={open ? 'expandable-section is-open' : 'expandable-section'}>
      <h2 className="expandable-section__title">
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          <span>{title}</span>
          {/* Drawn pointing down; the closed state turns it a quarter clockwise, to the left. */}
          <svg
            className="expandable-section__chevron"
            viewBox="0 0 12 12"
            width="12"
            height="12"
            aria-hidden="true"
          >
            <polyline points="2,4 6,8 10,4" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </h2>
      <div id={bodyId} className="expandable-section__body" hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  );
}
