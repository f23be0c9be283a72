// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import { ApiError } from '../../lib/api-client';
import { ForumForm, ICON_CHOICES } from './forum-form';

afterEach(cleanup);

function renderForm(props: Partial<Parameters<typeof ForumForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => ({}));
  render(<ForumForm submitLabel="הוספת הפורום" success="הפורום נוסף" {...props} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('ForumForm', () => {
  it('offers the writer’s 14 emoji as icons', () => {
    renderForm();
    expect(ICON_CHOICES).toHaveLength(14);
    expect(screen.getByRole('button', { name: 'חיוך' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the shared rules’ messages on an empty submit and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'הוספת הפורום' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('יש להזין שם לפורום');
    expect(alerts).toContain('יש לבחור סמל לפורום');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the name, the chosen emoji and the description, then empties itself', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('שם הפורום'), ' בישול ');
    await user.click(screen.getByRole('button', { name: 'אש' }));
    expect(screen.getByRole('button', { name: 'אש' }).getAttribute('aria-pressed')).toBe('true');
    await user.type(screen.getByLabelText('תיאור בשורה אחת'), 'מתכונים וטיפים');
    await user.click(screen.getByRole('button', { name: 'הוספת הפורום' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'בישול', icon: '🔥', description: 'מתכונים וטיפים' });
    expect(await screen.findByText('הפורום נוסף')).toBeTruthy();
    expect((screen.getByLabelText('שם הפורום') as HTMLInputElement).value).toBe('');
  });

  it('takes any other emoji typed in', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('שם הפורום'), 'טיולים');
    await user.type(screen.getByLabelText('אימוג׳י אחר'), '🏕️');
    await user.click(screen.getByRole('button', { name: 'הוספת הפורום' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'טיולים', icon: '🏕️', description: '' });
  });

  it('starts from a forum being edited and keeps its values after saving', async () => {
    const { onSubmit, user } = renderForm({
      initial: { name: 'ספורט', icon: '⚽', description: 'כדורגל ועוד' },
      submitLabel: 'שמירה',
      success: 'נשמר',
      onCancel: vi.fn(),
    });
    expect((screen.getByLabelText('אימוג׳י אחר') as HTMLInputElement).value).toBe('⚽');
    await user.clear(screen.getByLabelText('שם הפורום'));
    await user.type(screen.getByLabelText('שם הפורום'), 'ספורט ומשחקים');
    await user.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'ספורט ומשחקים', icon: '⚽', description: 'כדורגל ועוד' });
    expect((screen.getByLabelText('שם הפורום') as HTMLInputElement).value).toBe('ספורט ומשחקים');
  });

  it("shows a refusal's catalogue text", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'forum_icon_invalid', ERRORS.forum_icon_invalid.message);
    });
    const { user } = renderForm({ onSubmit });
    await user.type(screen.getByLabelText('שם הפורום'), 'מוזיקה');
    await user.type(screen.getByLabelText('אימוג׳י אחר'), 'x');
    await user.click(screen.getByRole('button', { name: 'הוספת הפורום' }));
    expect(await screen.findByText(ERRORS.forum_icon_invalid.message)).toBeTruthy();
  });
});
