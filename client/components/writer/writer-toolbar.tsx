import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { he } from '../../i18n/he';
import { useClickOutside } from '../../lib/use-click-outside';
import { EmojiPopover } from './emoji-popover';
import { ToolButton } from './tool-button';
import { UrlPopover } from './url-popover';
import { type Popover, WRITER_TOOLS } from './writer-tools';

/** The writer's toolbar, one button per tool of the table, and the box the open tool shows. */
export function WriterToolbar({ editor }: { editor: Editor | null }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      new Set(
        WRITER_TOOLS.flatMap((tool) =>
          tool.activeName && current?.isActive(tool.activeName) ? [tool.name] : [],
        ),
      ),
    equalityFn: (a, b) => a.size === b?.size && [...a].every((name) => b.has(name)),
  });
  const [popover, setPopover] = useState<Popover | null>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  useClickOutside(toolbarRef, () => setPopover(null), popover !== null);
  const inLink = active?.has('link') ?? false;
  // Roving tabindex (WAI-ARIA toolbar): Tab reaches one tool, the arrow keys move between them.
  const [current, setCurrent] = useState(0);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLElement) || !event.target.classList.contains('writer-tool')) return;
    const last = WRITER_TOOLS.length - 1;
    // Right to left: the left arrow goes on to the next tool.
    const next =
      event.key === 'ArrowLeft'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowRight'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('.writer-tool')[next]?.focus();
  };

  const insertLink = (url: string) => {
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !inLink) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.setLink({ href: url }).run();
    }
    setPopover(null);
  };
  const insertImage = (src: string, alt: string) => {
    editor?.chain().focus().setImage({ src, alt }).run();
    setPopover(null);
  };

  return (
    <div
      className="writer-toolbar"
      role="toolbar"
      aria-label={he.writer.label}
      ref={toolbarRef}
      onKeyDown={handleKeyDown}
    >
      {WRITER_TOOLS.map((tool, index) => (
        <ToolButton
          key={tool.name}
          label={tool.label}
          tabIndex={index === current ? 0 : -1}
          onFocus={() => setCurrent(index)}
          pressed={(active?.has(tool.name) ?? false) || (tool.opens !== undefined && popover === tool.opens)}
          onClick={() => {
            if (tool.opens) setPopover((current) => (current === tool.opens ? null : tool.opens));
            else if (editor) tool.run(editor);
          }}
        >
          {tool.icon}
        </ToolButton>
      ))}
      {popover === 'link' ? (
        <UrlPopover
          kind="link"
          initial={editor?.getAttributes('link').href ?? ''}
          canRemove={inLink}
          onRemove={() => {
            editor?.chain().focus().extendMarkRange('link').unsetLink().run();
            setPopover(null);
          }}
          onSubmit={insertLink}
        />
      ) : null}
      {popover === 'image' ? (
        <UrlPopover kind="image" initial="" onSubmit={(url) => insertImage(url, '')} />
      ) : null}
      {popover === 'emoji' ? <EmojiPopover onPick={insertImage} /> : null}
    </div>
  );
}
