import type { Editor } from '@tiptap/react';
import type { ReactNode } from 'react';
import { he } from '../../i18n/he';
import { EmojiIcon, ImageIcon, LinkIcon, QuoteIcon } from './tool-icons';

/** The boxes a tool may open under the toolbar. */
export type Popover = 'link' | 'image' | 'emoji';

/**
 * One toolbar button: a mark or block it toggles (pressed while active), or a box it opens (pressed
 * while open; a link tool is also pressed inside a link).
 */
type WriterTool = {
  name: string;
  label: string;
  icon: ReactNode;
  /** The TipTap name of the mark or node it shows as active. */
  activeName?: string;
} & ({ run: (editor: Editor) => void; opens?: undefined } | { opens: Popover; run?: undefined });

/** The toolbar of docs/product.md §2, in order. */
export const WRITER_TOOLS: readonly WriterTool[] = [
  {
    name: 'bold',
    label: he.writer.bold,
    icon: <b>B</b>,
    activeName: 'bold',
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: he.writer.italic,
    icon: <i>I</i>,
    activeName: 'italic',
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    name: 'underline',
    label: he.writer.underline,
    icon: <u>U</u>,
    activeName: 'underline',
    run: (editor) => editor.chain().focus().toggleUnderline().run(),
  },
  {
    name: 'code',
    label: he.writer.code,
    icon: <span dir="ltr">{'</>'}</span>,
    activeName: 'codeBlock',
    run: (editor) => editor.chain().focus().toggleCodeBlock().run(),
  },
  {
    name: 'quote',
    label: he.writer.quote,
    icon: <QuoteIcon />,
    activeName: 'blockquote',
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
  { name: 'link', label: he.writer.link, icon: <LinkIcon />, activeName: 'link', opens: 'link' },
  { name: 'image', label: he.writer.image, icon: <ImageIcon />, opens: 'image' },
  { name: 'emoji', label: he.writer.emoji, icon: <EmojiIcon />, opens: 'emoji' },
];
