// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readDraft, saveDraft } from '../../lib/drafts';
import { logout, setAuthenticatedUser } from '../../session/auth-store';
import { useDraft } from './use-draft';
import { TEST_MEMBER } from '../../test/members';

function Writer({ place }: { place: string }) {
  const draft = useDraft(place);
  return (
    <>
      <output>{draft.kept}</output>
      <button type="button" onClick={() => draft.save('עוד לא נשלח')}>
        save
      </button>
    </>
  );
}

afterEach(() => {
  cleanup();
  logout();
  localStorage.clear();
});

describe('useDraft', () => {
  it('keeps nothing for a token not yet confirmed, and reads the draft once its member is', () => {
    saveDraft(TEST_MEMBER.id, 'reply:5', '<p>כמעט</p>');
    // As at a page's start: the stored token is read, its member is still being confirmed.
    localStorage.setItem('authToken', 'token');
    render(<Writer place="reply:5" />);
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => screen.getByRole('button').click());
    expect(localStorage.getItem('draft:NaN:reply:5')).toBeNull();

    act(() => setAuthenticatedUser(TEST_MEMBER));
    expect(screen.getByRole('status').textContent).toBe('<p>כמעט</p>');
    act(() => screen.getByRole('button').click());
    expect(readDraft(TEST_MEMBER.id, 'reply:5')).toBe('עוד לא נשלח');
  });
});
