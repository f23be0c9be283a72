import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The first thing to type into: a field rather than the close button, or else any control. */
const FIELD =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [role="listbox"], [contenteditable="true"]';

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Moves focus to the container's first field, or its first control. */
export function focusFirstField(container: HTMLElement): void {
  const field = Array.from(container.querySelectorAll<HTMLElement>(FIELD)).find(
    (element) => element.getClientRects().length > 0,
  );
  (field ?? focusables(container)[0] ?? container).focus();
}

/**
 * Focus handling for a box that opens over or inside the page (a header panel, an action box):
 * while `active`, focus moves to the box's first field (again whenever `focusKey` changes, e.g. the
 * panel switches form), Escape (inside the box, or anywhere with `escapeAnywhere`) calls `onEscape` unless a
 * control inside handled it first (`preventDefault`), Tab cycles inside the box when `trap` is set, and when the box goes away focus
 * returns to the control that had it before, unless the visitor has put it somewhere else since.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  {
    active = true,
    trap = true,
    escapeAnywhere = false,
    onEscape,
    focusKey,
  }: {
    active?: boolean;
    trap?: boolean;
    escapeAnywhere?: boolean;
    onEscape?: () => void;
    focusKey?: unknown;
  },
): void {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  // Remember the opener and give it focus back when the box closes.
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const now = document.activeElement;
      const lost = !now || now === document.body || container.contains(now);
      if (lost && opener?.isConnected && !container.contains(opener)) opener.focus();
    };
  }, [ref, active]);

  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    focusFirstField(container);
  }, [ref, active, focusKey]);

  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    // On the document, so it runs after React's handlers inside the box (which may claim Escape).
    const handleKey = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && container.contains(event.target);
      if (event.key === 'Escape') {
        if (event.defaultPrevented || !escapeRef.current || !(inside || escapeAnywhere)) return;
        event.preventDefault();
        escapeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !trap || !inside || event.defaultPrevented) return;
      const list = focusables(container);
      const first = list[0];
      const last = list.at(-1);
      if (!first || !last) return;
      const current = document.activeElement;
      if (event.shiftKey && current === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [ref, active, trap, escapeAnywhere]);
}
