import { Fragment, Slice } from '@tiptap/pm/model';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { EMOJI, emojiPath } from '../../../shared/emoji';
import { LIMITS } from '../../../shared/limits';
import { HE } from '../../i18n/he-accounts';
import { useClickOutside } from '../forms/use-click-outside';
import { urlError } from './writer-validation';
import './writer.css';

/** What the light writer shell can ask of the loaded editor. */
export interface WriterEditorHandle {
  getHTML(): string;
  clear(): void;
  focus(): void;
}

type Popover = 'link' | 'image' | 'emoji' | null;

/**
 * The rich-text editor (TipTap), loaded only with a writer: bold, italic, underline, code, quote,
 * link, image link and the 14 emoji. Pasting keeps plain text only; Enter starts a new paragraph.
 */
export default function WriterEditor({
  ref,
  initialContent = '',
  label,
  onChange,
  invalid,
  describedBy,
}: {
  ref?: Ref<WriterEditorHandle>;
  initialContent?: string;
  label: string;
  onChange?: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    // Its base styles are in writer.css: an injected style element would need 'unsafe-inline'.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow ugc' },
        },
      }),
      Image.configure({ inline: true, allowBase64: false }),
    ],
    content: initialContent,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        dir: 'rtl',
        class: 'writer-content',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      // Pasted content arrives as plain text only: each line a paragraph, its text escaped by the schema.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain');
        if (text === undefined) return false;
        event.preventDefault();
        const { schema } = view.state;
        const paragraph = schema.nodes.paragraph;
        if (!paragraph) return false;
        const lines = text.replace(/\r\n?/g, '\n').split('\n');
        const nodes = lines.map((line) => paragraph.create(null, line ? schema.text(line) : null));
        view.dispatch(view.state.tr.replaceSelection(new Slice(Fragment.from(nodes), 1, 1)).scrollIntoView());
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange?.(current.getHTML()),
  });

  useImperativeHandle(
    ref,
    () => ({
      getHTML: () => editor?.getHTML() ?? '',
      clear: () => {
        editor?.commands.clearContent(true);
      },
      focus: () => {
        editor?.commands.focus();
      },
    }),
    [editor],
  );

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      code: current?.isActive('codeBlock') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  const [popover, setPopover] = useState<Popover>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  useClickOutside(toolbarRef, () => setPopover(null), popover !== null);

  const toggle = (name: Popover) => setPopover((current) => (current === name ? null : name));

  return (
    <div className={invalid ? 'writer-editor is-invalid' : 'writer-editor'}>
      <div className="writer-toolbar" role="toolbar" aria-label={HE.writer.label} ref={toolbarRef}>
        <ToolButton
          label={HE.writer.bold}
          pressed={active?.bold}
          onClick={() => editor?.chain().focus().toggleBold().run()}
        >
          <b>B</b>
        </ToolButton>
        <ToolButton
          label={HE.writer.italic}
          pressed={active?.italic}
          onClick={() => editor?.chain().focus().toggleItalic().run()}
        >
          <i>I</i>
        </ToolButton>
        <ToolButton
          label={HE.writer.underline}
          pressed={active?.underline}
          onClick={() => editor?.chain().focus().toggleUnderline().run()}
        >
          <u>U</u>
        </ToolButton>
        <ToolButton
          label={HE.writer.code}
          pressed={active?.code}
          onClick={() => editor?.chain().focus().toggleCodeBlock().run()}
        >
          <span dir="ltr">{'</>'}</span>
        </ToolButton>
        <ToolButton
          label={HE.writer.quote}
          pressed={active?.quote}
          onClick={() => editor?.chain().focus().toggleBlockquote().run()}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
            <path d="M10 7H6a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2v2a2 2 0 0 1-2 2v1a3 3 0 0 0 3-3V9a2 2 0 0 0-2-2Zm10 0h-4a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2v2a2 2 0 0 1-2 2v1a3 3 0 0 0 3-3V9a2 2 0 0 0-2-2Z" />
          </svg>
        </ToolButton>
        <ToolButton
          label={HE.writer.link}
          pressed={active?.link || popover === 'link'}
          onClick={() => toggle('link')}
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
            <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
          </svg>
        </ToolButton>
        <ToolButton label={HE.writer.image} pressed={popover === 'image'} onClick={() => toggle('image')}>
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 9" />
          </svg>
        </ToolButton>
        <ToolButton label={HE.writer.emoji} pressed={popover === 'emoji'} onClick={() => toggle('emoji')}>
          <img src={emojiPath('1f600')} alt="" width={18} height={18} />
        </ToolButton>
        {popover === 'link' ? (
          <UrlPopover
            kind="link"
            initial={editor?.getAttributes('link').href ?? ''}
            canRemove={active?.link ?? false}
            onRemove={() => {
              editor?.chain().focus().extendMarkRange('link').unsetLink().run();
              setPopover(null);
            }}
            onSubmit={(url) => {
              if (!editor) return;
              const chain = editor.chain().focus().extendMarkRange('link');
              if (editor.state.selection.empty && !active?.link) {
                chain
                  .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
                  .run();
              } else {
                chain.setLink({ href: url }).run();
              }
              setPopover(null);
            }}
          />
        ) : null}
        {popover === 'image' ? (
          <UrlPopover
            kind="image"
            initial=""
            onSubmit={(url) => {
              editor?.chain().focus().setImage({ src: url, alt: '' }).run();
              setPopover(null);
            }}
          />
        ) : null}
        {popover === 'emoji' ? (
          <fieldset className="writer-popover writer-emoji">
            <legend className="visually-hidden">{HE.writer.emoji}</legend>
            {EMOJI.map((emoji) => (
              <button
                type="button"
                key={emoji.code}
                className="writer-emoji-button"
                aria-label={emoji.label}
                title={emoji.label}
                onClick={() => {
                  editor
                    ?.chain()
                    .focus()
                    .setImage({ src: emojiPath(emoji.code), alt: emoji.label })
                    .run();
                  setPopover(null);
                }}
              >
                <img src={emojiPath(emoji.code)} alt="" width={24} height={24} />
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="writer-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed ?? false}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function UrlPopover({
  kind,
  initial,
  canRemove = false,
  onSubmit,
  onRemove,
}: {
  kind: 'link' | 'image';
  initial: string;
  canRemove?: boolean;
  onSubmit: (url: string) => void;
  onRemove?: () => void;
}) {
  const [url, setUrl] = useState<string>(initial);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const label = kind === 'link' ? HE.writer.linkUrl : HE.writer.imageUrl;
  const submit = () => {
    const problem = urlError(url, kind);
    setError(problem);
    if (!problem) onSubmit(url.trim());
  };
  return (
    <div className="writer-popover writer-url">
      <label htmlFor={inputId}>{label}</label>
      <div className="writer-url-row">
        <input
          id={inputId}
          type="url"
          dir="ltr"
          maxLength={LIMITS.urlMaxLength}
          value={url}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          // biome-ignore lint/a11y/noAutofocus: the popover opens for typing this address
          autoFocus
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button type="button" className="button button--primary button--small" onClick={submit}>
          {HE.writer.insert}
        </button>
        {canRemove && onRemove ? (
          <button type="button" className="button button--ghost button--small" onClick={onRemove}>
            {HE.writer.removeLink}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
