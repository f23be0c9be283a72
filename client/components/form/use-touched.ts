import { useCallback, useState } from 'react';

/**
 * The form helper of docs/product.md §5: a field shows its error only once it is touched (left, or the form
 * submitted); a submit touches every field.
 */
export function useTouched<Field extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<Field | '*'>>(new Set());
  const touch = useCallback((field: Field) => setTouched((previous) => new Set(previous).add(field)), []);
  const touchAll = useCallback(() => setTouched(new Set<Field | '*'>(['*'])), []);
  const reset = useCallback(() => setTouched(new Set()), []);
  const isTouched = (field: Field) => touched.has('*') || touched.has(field);
  /** The error to show for a field: its message when invalid and touched, otherwise nothing. */
  const shown = (field: Field, error: string | null) => (error && isTouched(field) ? error : null);
  return { touch, touchAll, reset, isTouched, shown };
}

export type Touched<Field extends string> = ReturnType<typeof useTouched<Field>>;
