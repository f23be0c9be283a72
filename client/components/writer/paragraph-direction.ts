import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';
import { textDirection } from '../../lib/text-direction';

/**
 * Each paragraph of the writer in the direction its text is read in (textDirection): a Hebrew line
 * that opens with an English word stays right to left while it is typed, an English line reads left
 * to right. A decoration, so the message's stored HTML carries no `dir`. A code block keeps its own
 * left to right (logged-in-writer.css); an empty paragraph takes the writer's.
 */
export const ParagraphDirection = Extension.create({
  name: 'paragraphDirection',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('paragraphDirection'),
        props: {
          decorations(state) {
            const decorations: Decoration[] = [];
            state.doc.descendants((node, position) => {
              if (!node.isTextblock) return true;
              const dir = node.type.spec.code ? undefined : textDirection(node.textContent);
              if (dir) decorations.push(Decoration.node(position, position + node.nodeSize, { dir }));
              return false;
            });
            return DecorationSet.create(state.doc, decorations);
          },
        },
      }),
    ];
  },
});
