import type { ReactNode } from 'react';

/** A toolbar button; pressing it keeps the editor's selection (no focus change on mouse down). */
export function ToolButton({
  label,
  pressed,
  onClick,
  tabIndex,
  onFocus,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  tabIndex?: number;
  onFocus?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="writer-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      tabIndex={tabIndex}
      onFocus={onFocus}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
