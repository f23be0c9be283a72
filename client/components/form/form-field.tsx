import { type ReactNode, useId } from 'react';
import { FieldError } from './status-message';

/** What a control needs to be tied to its label and its error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control and its error line (docs/product.md §5): the label points at the control, and the
 * error, when there is one, is announced and named by the control's `aria-describedby`.
 */
export function FormField({
  label,
  error,
  className = 'form-field',
  labelClassName,
  children,
}: {
  label: ReactNode;
  error: string | null;
  className?: string;
  /** e.g. `visually-hidden` where the placeholder and the button say what the field is. */
  labelClassName?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
