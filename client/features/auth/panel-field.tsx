import { useRef } from 'react';
import { TextField } from '../../components/form/text-field';
import type { Touched } from '../../components/form/use-touched';
import { heForms } from '../../i18n/he-forms';

type PanelFieldName = 'username' | 'email' | 'password';

const KINDS: Record<PanelFieldName, { type: string; dir: 'ltr' | 'auto' }> = {
  username: { type: 'text', dir: 'auto' },
  email: { type: 'email', dir: 'ltr' },
  password: { type: 'password', dir: 'ltr' },
};

/**
 * A text field of the header panel's forms, its error shown once touched (docs/product.md §5):
 * typed in and left, or the form submitted. Only passing through does not count: the panel puts focus
 * in its first field, and an error line appearing as the visitor presses elsewhere would push the
 * control under the pointer away before the click lands.
 */
export function PanelField<Field extends string>({
  name,
  touched,
  problem,
  value,
  autoComplete,
  onValue,
}: {
  name: PanelFieldName & Field;
  touched: Touched<Field>;
  problem: string | null;
  value: string;
  autoComplete: string;
  onValue: (value: string) => void;
}) {
  const changed = useRef(false);
  return (
    <TextField
      label={heForms.panel[name]}
      error={touched.shown(name, problem)}
      type={KINDS[name].type}
      dir={KINDS[name].dir}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => {
        changed.current = true;
        onValue(event.target.value);
      }}
      onBlur={() => {
        if (changed.current) touched.touch(name);
      }}
    />
  );
}
