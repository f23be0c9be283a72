// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Forum } from '../../shared/schemas/forums';
import { ForumListbox } from './forum-listbox';

const forums = [
  { id: 1, name: 'כללי', icon: '💬' },
  { id: 2, name: 'חדשות ואקטואליה', icon: '📰' },
  { id: 7, name: 'ספורט', icon: '⚽' },
  { id: 8, name: 'סרטים', icon: '🎬' },
] as unknown as Forum[];

function Harness({ onSubmit }: { onSubmit: (forumId: number) => void }) {
  const [value, setValue] = useState(1);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <span id="label">העברה לפורום</span>
      <ForumListbox forums={forums} value={value} onChange={setValue} labelledBy="label" />
    </form>
  );
}

afterEach(cleanup);

const selected = () => screen.getByRole('option', { selected: true }).textContent;

describe('ForumListbox', () => {
  it('draws each icon as an image and names the chosen option as the active one', () => {
    render(<Harness onSubmit={() => undefined} />);
    const list = screen.getByRole('listbox', { name: 'העברה לפורום' });
    expect(list.querySelectorAll('img.forum-icon')).toHaveLength(4);
    expect(list.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    const active = list.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('כללי');
  });

  it('moves with arrows, Home and End, jumps by typed letters, and submits on Enter', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const list = screen.getByRole('listbox');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(selected()).toBe('חדשות ואקטואליה');
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    expect(selected()).toBe('כללי');
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()).toBe('סרטים');
    fireEvent.keyDown(list, { key: 'Home' });
    fireEvent.keyDown(list, { key: 'ס', timeStamp: 1000 });
    expect(selected()).toBe('ספורט');
    fireEvent.keyDown(list, { key: 'ר', timeStamp: 1100 });
    expect(selected()).toBe('סרטים');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledWith(8);
  });

  it('takes a click on an option', () => {
    render(<Harness onSubmit={() => undefined} />);
    fireEvent.click(screen.getByRole('option', { name: 'ספורט' }));
    expect(selected()).toBe('ספורט');
  });
});
