// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import { ApiError } from '../../lib/api-client';
import { SuspendDialog } from './suspend-dialog';

afterEach(cleanup);

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

function renderDialog(onSubmit = vi.fn(async () => ({})), onCancel = vi.fn()) {
  render(<SuspendDialog username="דנה" onSubmit={onSubmit} onCancel={onCancel} now={() => NOW} />);
  return { onSubmit, onCancel, user: userEvent.setup() };
}

describe('SuspendDialog', () => {
  it('names the member and starts on a week', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'השעיית דנה' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'שבוע' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for a reason before sending anything', async () => {
    const { onSubmit, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'השעיה' }));
    expect(screen.getByRole('alert').textContent).toBe('יש לכתוב סיבה להשעיה');
    expect(screen.getByLabelText('סיבת ההשעיה').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the end of the chosen period and the trimmed reason, then says it is done', async () => {
    const { onSubmit, user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'חודש' }));
    await user.type(screen.getByLabelText('סיבת ההשעיה'), '  הודעות פוגעניות  ');
    await user.click(screen.getByRole('button', { name: 'השעיה' }));
    expect(onSubmit).toHaveBeenCalledWith({ until: NOW + 30 * DAY, reason: 'הודעות פוגעניות' });
    expect(await screen.findByText('המשתמש הושעה')).toBeTruthy();
  });

  it('sends null for a suspension for good', async () => {
    const { onSubmit, user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'לצמיתות' }));
    await user.type(screen.getByLabelText('סיבת ההשעיה'), 'ספאם');
    await user.click(screen.getByRole('button', { name: 'השעיה' }));
    expect(onSubmit).toHaveBeenCalledWith({ until: null, reason: 'ספאם' });
  });

  it("shows the catalogue's text of a refusal, and clicking it brings the form back", async () => {
    const refuse = vi.fn(async () => {
      throw new ApiError(409, 'cannot_suspend_admin', ERRORS.cannot_suspend_admin.message);
    });
    const { user } = renderDialog(refuse);
    await user.type(screen.getByLabelText('סיבת ההשעיה'), 'ספאם');
    await user.click(screen.getByRole('button', { name: 'השעיה' }));
    const failure = await screen.findByText(ERRORS.cannot_suspend_admin.message);
    await user.click(failure);
    await waitFor(() => expect(screen.queryByText(ERRORS.cannot_suspend_admin.message)).toBeNull());
  });

  it('cancels', async () => {
    const { onCancel, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'ביטול' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
