import { Fragment, Slice } from '@tiptap/pm/model';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { LINK_REL } from '../../../shared/markup-rules';
import { type MentionKeyHandler, MentionSuggestions } from './mention-suggestions';
import { QuoteSource } from './quote-source';
import { WritingDirection } from './writing-direction';
import { WriterToolbar } from './writer-toolbar';

/** What the light writer shell can ask of the loaded editor. */
export interface WriterEditorHandle {
  getHTML(): string;
  /** Replaces the text, as typing would (the writer hears of it). */
  setContent(html: string): void;
  /** Adds markup at the end and puts the caret after it; false while the editor is not ready. */
  append(html: string): boolean;
  clear(): void;
  focus(): void;
}

/**
 * The rich-text editor (TipTap), loaded only with a writer: bold, italic, underline, code, quote,
 * link, image link, the 14 emoji and `@` suggestions of usernames. Pasting keeps plain text only; Enter starts a new paragraph.
 */
export default function WriterEditor({
  ref,
  initialContent = '',
  label,
  onChange,
  onReady,
  invalid,
  describedBy,
}: {
  ref?: Ref<WriterEditorHandle>;
  initialContent?: string;
  label: string;
  onChange?: (html: string) => void;
  /** Called once the editor can take content (it is made after the first render). */
  onReady?: () => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  // The open @ list takes the arrows, Enter, Tab and Escape before the editor does.
  const mentionKeys = useRef<MentionKeyHandler | null>(null);
  const setMentionKeys = useCallback((handler: MentionKeyHandler | null) => {
    mentionKeys.current = handler;
  }, []);
  const editor = useEditor({
    immediatelyRender: false,
    // Its base styles are in logged-in-writer.css: an injected style element would need 'unsafe-inline'.
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
          HTMLAttributes: { target: '_blank', rel: LINK_REL },
        },
      }),
      Image.configure({ inline: true, allowBase64: false }),
      WritingDirection,
      QuoteSource,
    ],
    content: initialContent,
    editorProps: {
      // Its `dir` comes from WritingDirection.
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'writer-content',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      handleKeyDown: (_view, event) => mentionKeys.current?.(event) ?? false,
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
      setContent: (html) => {
        editor?.commands.setContent(html);
      },
      append: (html) => {
        if (!editor) return false;
        if (editor.isEmpty) editor.commands.setContent(html);
        else editor.commands.insertContentAt(editor.state.doc.content.size, html);
        editor.commands.focus('end', { scrollIntoView: true });
        return true;
      },
      clear: () => {
        editor?.commands.clearContent(true);
      },
      focus: () => {
        editor?.commands.focus();
      },
    }),
    [editor],
  );

  useEffect(() => {
    if (editor) onReady?.();
  }, [editor, onReady]);

  return (
    <div className={invalid ? 'writer-editor is-invalid' : 'writer-editor'}>
      <WriterToolbar editor={editor} />
      <EditorContent editor={editor} />
      <MentionSuggestions editor={editor} onKeyHandler={setMentionKeys} />
    </div>
  );
}
