import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { FormField } from './form-field';

type Common = { label: ReactNode; error: string | null; className?: string };

type InputProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { multiline?: false };
type TextareaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { multiline: true };

/** A labelled text input (or textarea) with its error line; every other prop goes to the control. */
export function TextField(props: InputProps | TextareaProps) {
  if (props.multiline) {
    const { label, error, className, multiline: _multiline, ...control } = props;
    return (
      <FormField label={label} error={error} className={className}>
        {(wiring) => <textarea {...control} {...wiring} />}
      </FormField>
    );
  }
  const { label, error, className, multiline: _multiline, ...control } = props;
  return (
    <FormField label={label} error={error} className={className}>
      {(wiring) => <input {...control} {...wiring} />}
    </FormField>
  );
}
