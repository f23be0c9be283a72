// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../shared/schemas/notifications';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { PREFERENCES_SECTION_ID } from './api/notification-preferences';

let puts: unknown[];
let failPut: boolean;

beforeEach(() => {
  puts = [];
  failPut = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      expect(path).toBe('/api/edit-profile/notifications');
      if (init.method === 'PUT') {
        if (failPut)
          return new Response(JSON.stringify({ error: 'internal', message: 'x' }), { status: 500 });
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return new Response(JSON.stringify(body), { status: 200 });
      }
      return new Response(JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  act(() => resetLoadStatus(Section.EditProfile, PREFERENCES_SECTION_ID));
  vi.unstubAllGlobals();
});

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <NotificationPreferencesSection />
    </QueryClientProvider>,
  );
}

describe('NotificationPreferencesSection', () => {
  it('shows the saved choices: immediately for replies and mentions, never for likes', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'התראות במייל' }));
    const replies = await screen.findByRole(
      'group',
      { name: 'תגובות לנושאים שלי וציטוטים של הודעותיי' },
      { timeout: 5000 },
    );
    expect(within(replies).getByRole('radio', { name: 'מיד' })).toHaveProperty('checked', true);
    const mentions = screen.getByRole('group', { name: 'אזכורים של שם המשתמש שלי' });
    expect(within(mentions).getByRole('radio', { name: 'מיד' })).toHaveProperty('checked', true);
    const likes = screen.getByRole('group', { name: 'לייקים להודעות שלי' });
    expect(within(likes).getByRole('radio', { name: 'אף פעם' })).toHaveProperty('checked', true);
    expect(screen.getAllByRole('radio')).toHaveLength(12);
  });

  it('saves a changed choice and says so', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'התראות במייל' }));
    const likes = await screen.findByRole('group', { name: 'לייקים להודעות שלי' }, { timeout: 5000 });
    await user.click(within(likes).getByRole('radio', { name: 'סיכום יומי' }));
    const replies = screen.getByRole('group', { name: 'תגובות לנושאים שלי וציטוטים של הודעותיי' });
    await user.click(within(replies).getByRole('radio', { name: 'אף פעם' }));
    await user.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText('העדפות ההתראות נשמרו')).toBeTruthy();
    expect(puts).toEqual([{ ...DEFAULT_NOTIFICATION_PREFERENCES, likes: 'digest', replies: 'never' }]);
  });

  it('shows the section error when saving fails', async () => {
    failPut = true;
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'התראות במייל' }));
    await screen.findByRole('group', { name: 'לייקים להודעות שלי' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'שמירה' }));
    // The failure is read out by the section's polite live region, which holds the error line.
    await waitFor(() => expect(document.querySelector('[role="status"] .status-error')).not.toBeNull());
  });
});
