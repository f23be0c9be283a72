// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../shared/schemas/notifications';
import { logout, setAuthenticated } from '../../session/auth-store';
import { NotificationBell } from './notification-bell';
import { TEST_MEMBER } from '../../test/members';

const WRITER = { id: 3, username: 'יוסי לוי', isAdmin: false, avatar: '/api/avatars/3.svg' };

function notification(id: number, read: boolean): Notification {
  return {
    id,
    kind: 'reply',
    actorId: WRITER.id,
    actorCount: 1,
    topicId: 50,
    messageId: 100 + id,
    forumId: 1,
    subject: `נושא ${id}`,
    date: '2026-11-20T10:00:00.000Z',
    read,
    link: `/topic/50?message=${100 + id}`,
    text: `יוסי לוי הגיב לנושא שלך ${id}`,
  };
}

/** 10 notifications, ids 10..1 newest first, the newest 3 unread. */
const ALL = Array.from({ length: 10 }, (_, index) => notification(10 - index, index >= 3));

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

let calls: Call[];
let unread: number;

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function page(items: Notification[], hasMore: boolean) {
  return { notifications: items, hasMoreNotifications: hasMore, unreadCount: unread, users: [WRITER] };
}

beforeEach(() => {
  calls = [];
  unread = 3;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/notifications/unread-count') return answer({ unreadCount: unread });
      if (path === '/api/notifications') return answer(page(ALL.slice(0, 7), true));
      if (path === '/api/notifications/more/4') return answer(page(ALL.slice(7), false));
      if (path === '/api/notifications/read-all') {
        unread = 0;
        return answer({ unreadCount: 0 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  act(() => setAuthenticated(TEST_MEMBER, 'token'));
});

afterEach(() => {
  cleanup();
  act(() => logout());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderBell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotificationBell', () => {
  it('shows the unread count on the badge and in its label', async () => {
    renderBell();
    const button = await screen.findByRole('button', { name: 'התראות, 3 התראות חדשות' }, { timeout: 5000 });
    expect(button.textContent).toBe('3');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks for the count again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBell();
    await screen.findByRole('button', { name: 'התראות, 3 התראות חדשות' }, { timeout: 5000 });
    unread = 5;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await screen.findByRole('button', { name: 'התראות, 5 התראות חדשות' }, { timeout: 5000 });
    expect(calls.filter((call) => call.path === '/api/notifications/unread-count')).toHaveLength(2);
  });

  it('lists 7 newest first, marks the unread, links each to its message, and reveals 7 more', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(
      await screen.findByRole('button', { name: 'התראות, 3 התראות חדשות' }, { timeout: 5000 }),
    );
    const list = await screen.findByRole('region', { name: 'רשימת ההתראות' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(7);
    expect(links[0]?.getAttribute('href')).toBe('/topic/50?message=110');
    expect(links[0]?.textContent).toContain('יוסי לוי הגיב לנושא שלך 10');
    expect(links.map((link) => link.textContent?.includes('חדשה'))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);

    await user.click(within(list).getByRole('button', { name: 'הצגת התראות קודמות...' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(10));
    expect(calls.some((call) => call.path === '/api/notifications/more/4')).toBe(true);
    expect(within(list).queryByRole('button', { name: 'הצגת התראות קודמות...' })).toBeNull();
  });

  it('marks all as read: the badge goes and no item stays marked', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(
      await screen.findByRole('button', { name: 'התראות, 3 התראות חדשות' }, { timeout: 5000 }),
    );
    const list = await screen.findByRole('region', { name: 'רשימת ההתראות' });
    await user.click(screen.getByRole('button', { name: 'סמן הכול כנקרא' }));
    await screen.findByRole('button', { name: 'התראות, אין התראות חדשות' });
    expect(calls.find((call) => call.path === '/api/notifications/read-all')?.method).toBe('POST');
    expect(within(list).queryByText('חדשה')).toBeNull();
    expect(screen.queryByRole('button', { name: 'סמן הכול כנקרא' })).toBeNull();
  });

  it('closes with Escape and gives the focus back to the bell', async () => {
    const user = userEvent.setup();
    renderBell();
    const button = await screen.findByRole('button', { name: 'התראות, 3 התראות חדשות' }, { timeout: 5000 });
    await user.click(button);
    await screen.findByRole('region', { name: 'התראות' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'התראות' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
