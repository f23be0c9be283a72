import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import type { Forum } from '../../shared/schemas/forums';
import { ForumIcon } from './forum-icon';
import { textDirection } from '../lib/text-direction';
import './forum-listbox.css';

/** How long the typed letters of a type-ahead search stay together. */
const TYPE_AHEAD_MS = 700;

/**
 * A list of forums to pick one from, each with its icon drawn as an image: a native `<select>`
 * can show only text, and the emoji icons become empty boxes where no emoji font is installed.
 * The ARIA listbox pattern: one tab stop, the active option named by `aria-activedescendant`,
 * arrows, Home and End move the choice, typed letters jump to the forum whose name starts with them,
 * and Enter submits the surrounding form. Escape is left to the box around it.
 */
export function ForumListbox({
  forums,
  value,
  onChange,
  labelledBy,
}: {
  forums: readonly Forum[];
  value: number;
  onChange: (forumId: number) => void;
  labelledBy: string;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const optionId = (forumId: number) => `${id}-forum-${forumId}`;
  const index = forums.findIndex((forum) => forum.id === value);

  // Keeps the chosen forum in sight inside the list's own scroll box, without moving the page.
  useEffect(() => {
    const list = listRef.current;
    const option = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }, [value]);

  const choose = (at: number) => {
    const forum = forums[Math.max(0, Math.min(forums.length - 1, at))];
    if (forum) onChange(forum.id);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => choose(index + 1),
      ArrowUp: () => choose(index - 1),
      Home: () => choose(0),
      End: () => choose(forums.length - 1),
      Enter: () => event.currentTarget.closest('form')?.requestSubmit(),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
      return;
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const now = event.timeStamp;
    const text = now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + event.key : event.key;
    typed.current = { text, at: now };
    const match = forums.find((forum) =>
      forum.name.toLocaleLowerCase('he').startsWith(text.toLocaleLowerCase('he')),
    );
    if (match) {
      event.preventDefault();
      onChange(match.id);
    }
  };

  return (
    <div
      ref={listRef}
      className="forum-listbox"
      role="listbox"
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-activedescendant={index >= 0 ? optionId(value) : undefined}
      onKeyDown={handleKeyDown}
    >
      {forums.map((forum) => (
        // biome-ignore lint/a11y/useFocusableInteractive: the list holds focus and names the option (aria-activedescendant)
        // biome-ignore lint/a11y/useKeyWithClickEvents: the list itself takes the keys
        <div
          key={forum.id}
          id={optionId(forum.id)}
          role="option"
          aria-selected={forum.id === value}
          className="forum-listbox__option"
          onClick={() => onChange(forum.id)}
        >
          <ForumIcon icon={forum.icon} size={20} />
          <span dir={textDirection(forum.name)}>{forum.name}</span>
        </div>
      ))}
    </div>
  );
}
