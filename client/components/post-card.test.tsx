// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Post } from '../../shared/schemas/topics';
import { PostCard } from './post-card';

afterEach(cleanup);

const post: Post = {
  id: 40,
  forumId: 2,
  userId: 3,
  subject: 'נושא לבדיקה',
  image: 'topic-40-big.webp',
  date: '2026-11-29T10:00:00.000Z',
  message: 'תחילת ההודעה',
  replies: 12,
  timestamp: 1_790_000_000_000_000,
};

describe('PostCard', () => {
  it('has no unread count for a guest or a topic with nothing new', () => {
    render(<PostCard post={post} />);
    expect(screen.getByRole('link', { name: 'נושא לבדיקה' }).getAttribute('href')).toBe('/topic/40');
    expect(document.querySelector('.post-card__unread')).toBeNull();
  });

  it.each([
    [1, '1 חדשה'],
    [7, '7 חדשות'],
    [100, '99+ חדשות'],
  ])('shows %i unread as "%s", a link to the first of them named by what it shows', (unreadCount, text) => {
    render(<PostCard post={post} unread={{ topicId: 40, unreadCount, firstUnreadId: 77 }} />);
    const link = screen.getByRole('link', { name: `${text} מאז הקריאה האחרונה: מעבר לראשונה` });
    expect(link.firstChild?.textContent).toBe(text);
    expect(link.getAttribute('href')).toBe('/topic/40?message=77');
    // Outside the picture's link, which is hidden from assistive technology.
    expect(link.closest('[aria-hidden="true"]')).toBeNull();
  });
});
