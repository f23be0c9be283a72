// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { TextField } from './text-field';

afterEach(cleanup);

describe('TextField', () => {
  it('ties the label to the input and shows no error while valid', () => {
    render(<TextField label="אימייל" error={null} type="email" defaultValue="" />);
    const input = screen.getByLabelText('אימייל');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the error and names it from the input', () => {
    render(<TextField label="סיסמה" error="יש להזין סיסמה בת 8 תווים לפחות" type="password" />);
    const input = screen.getByLabelText('סיסמה');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('יש להזין סיסמה בת 8 תווים לפחות');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('renders a textarea when multiline and passes the typing through', async () => {
    let typed = '';
    render(
      <TextField
        multiline
        label="סיבת הדיווח"
        error={null}
        rows={3}
        onChange={(event) => {
          typed = event.target.value;
        }}
      />,
    );
    const area = screen.getByLabelText('סיבת הדיווח');
    expect(area.tagName).toBe('TEXTAREA');
    await userEvent.type(area, 'ספאם');
    expect(typed).toBe('ספאם');
  });

  it('gives each field its own ids', () => {
    render(
      <>
        <TextField label="א" error="שגיאה א" />
        <TextField label="ב" error="שגיאה ב" />
      </>,
    );
    const [first, second] = screen.getAllByRole('alert');
    expect(first?.id).not.toBe(second?.id);
    expect(screen.getByLabelText('ב').getAttribute('aria-describedby')).toBe(second?.id);
  });
});

describe('FormField', () => {
  it('wires any control, a select too', () => {
    render(
      <FormField label="העברה לפורום" error="בחרו פורום">
        {(control) => (
          <select {...control}>
            <option value="1">כללי</option>
          </select>
        )}
      </FormField>,
    );
    const select = screen.getByLabelText('העברה לפורום');
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });
});
