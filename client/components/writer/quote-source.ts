import { Extension } from '@tiptap/react';
import { QUOTE_ATTRIBUTE } from '../../../shared/markup-rules';

/** The writer's blockquote keeps the quoted message's id (`data-quote`) through editing. */
export const QuoteSource = Extension.create({
  name: 'quoteSource',
  addGlobalAttributes() {
    return [
      {
        types: ['blockquote'],
        attributes: {
          quote: {
            default: null,
            parseHTML: (element) => element.getAttribute(QUOTE_ATTRIBUTE),
            renderHTML: (attributes) =>
              attributes.quote ? { [QUOTE_ATTRIBUTE]: String(attributes.quote) } : {},
          },
        },
      },
    ];
  },
});
