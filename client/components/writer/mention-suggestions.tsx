import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/common';
import { he } from '../../i18n/he';
import { apiFetch } from '../../lib/api-client';
import { apiPaths, queryKeys } from '../../lib/query-keys';
import { Avatar } from '../avatar';

/** Waits this long after the last key before asking the server (its lookup is rate-limited). */
const LOOKUP_DEBOUNCE_MS = 250;

/** `@` at a word's start and 2 to 30 letters up to the caret, with no space yet. */
const TYPED_MENTION = /(?:^|[\s(])@([^\s@]{2,30})$/u;

interface TypedMention {
  prefix: string;
  /** Where the `@` is in the document. */
  from: number;
  to: number;
}

function typedMention(editor: Editor): TypedMention | null {
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if ($from.parent.type.spec.code) return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const match = TYPED_MENTION.exec(before);
  if (!match?.[1]) return null;
  return { prefix: match[1], from: $from.pos - match[1].length - 1, to: $from.pos };
}

/** What the editor's key handler asks of the open list; true means the key was used. */
export type MentionKeyHandler = (event: KeyboardEvent) => boolean;

/**
 * The `@` suggestions under the writer: typing `@` and two letters lists up to 7 matching users
 * (debounced lookup); arrows move, Enter or Tab inserts `@username `, Escape closes. The caret
 * stays in the editor: the options are announced through `aria-activedescendant`.
 */
export function MentionSuggestions({
  editor,
  onKeyHandler,
}: {
  editor: Editor | null;
  onKeyHandler: (handler: MentionKeyHandler | null) => void;
}) {
  const [typed, setTyped] = useState<TypedMention | null>(null);
  const [prefix, setPrefix] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const listId = useId();

  useEffect(() => {
    if (!editor) return;
    const update = () => setTyped(typedMention(editor));
    editor.on('transaction', update);
    return () => {
      editor.off('transaction', update);
    };
  }, [editor]);

  useEffect(() => {
    const next = typed?.prefix ?? null;
    const timer = window.setTimeout(() => setPrefix(next), next === null ? 0 : LOOKUP_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed?.prefix]);

  const { data } = useQuery({
    queryKey: queryKeys.mentionLookup(prefix ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ users: PublicUser[] }>(apiPaths.mentionLookup(prefix ?? ''), { signal }),
    enabled: prefix !== null,
    staleTime: 60_000,
    retry: false,
  });
  const users = typed && prefix !== null && typed.from !== dismissed ? (data?.users ?? []) : [];
  const open = users.length > 0;

  useEffect(() => setActive(0), [prefix]);

  useEffect(() => {
    const dom = editor?.view.dom;
    if (!dom) return;
    if (open) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-autocomplete', 'list');
      dom.setAttribute('aria-activedescendant', `${listId}-${active}`);
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, open, active, listId]);

  const choose = (user: PublicUser) => {
    if (!editor || !typed) return;
    editor
      .chain()
      .focus()
      .insertContentAt({ from: typed.from, to: typed.to }, { type: 'text', text: `@${user.username} ` })
      .run();
  };

  useEffect(() => {
    if (!open || !typed) {
      onKeyHandler(null);
      return;
    }
    onKeyHandler((event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + users.length) % users.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const user = users[active];
        if (user) choose(user);
        return true;
      }
      if (event.key === 'Escape') {
        setDismissed(typed.from);
        return true;
      }
      return false;
    });
  });

  if (!open) return null;
  return (
    <div id={listId} className="mention-list" role="listbox" aria-label={he.mentions.suggestions}>
      {users.map((user, index) => (
        <div
          key={user.id}
          id={`${listId}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          className={index === active ? 'mention-option is-active' : 'mention-option'}
          // Keep the caret in the editor: choosing happens on press, before the editor loses focus.
          onMouseDown={(event) => {
            event.preventDefault();
            choose(user);
          }}
        >
          <Avatar user={user} size={24} />
          <span dir="auto">{user.username}</span>
        </div>
      ))}
    </div>
  );
}
