import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';
import { type TextDirection, textDirection } from '../../lib/text-direction';

interface Directions {
  /** The writer's own: right to left until a letter says otherwise (an empty paragraph takes it). */
  writer: TextDirection;
  /** Each paragraph's, as the message will show it (TEXT_BLOCKS in lib/render-rules.ts). */
  paragraphs: DecorationSet;
}

const key = new PluginKey<Directions>('writingDirection');

function directionsOf(doc: ProseMirrorNode): Directions {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (!node.isTextblock) return true;
    // A code block keeps its own left to right (logged-in-writer.css).
    const dir = node.type.spec.code ? undefined : textDirection(node.textContent);
    if (dir) decorations.push(Decoration.node(position, position + node.nodeSize, { dir }));
    return false;
  });
  return {
    writer: textDirection(doc.textContent) ?? 'rtl',
    paragraphs: DecorationSet.create(doc, decorations),
  };
}

/**
 * What is typed reads in the direction the message will be shown in (MessageContent and the
 * sanitisers' text blocks): the writer by its whole text, each paragraph by its own (textDirection),
 * so a Hebrew line that opens with an English word stays right to left and an English line reads
 * left to right. Worked out again only when the text changes; decorations and attributes, so the
 * message's stored HTML carries no `dir`.
 */
export const WritingDirection = Extension.create({
  name: 'writingDirection',
  addProseMirrorPlugins() {
    return [
      new Plugin<Directions>({
        key,
        state: {
          init: (_config, state) => directionsOf(state.doc),
          apply: (transaction, directions) =>
            transaction.docChanged ? directionsOf(transaction.doc) : directions,
        },
        props: {
          decorations: (state) => key.getState(state)?.paragraphs,
          attributes: (state) => ({ dir: key.getState(state)?.writer ?? 'rtl' }),
        },
      }),
    ];
  },
});
