import { QUOTE_ATTRIBUTE } from '../../../shared/markup-rules';
import { createStore } from '../../lib/create-store';
import { escapeHtml } from '../../../shared/escape-html';

/**
 * Quoting a message into the reply writer (docs/product.md §4): the message's action asks, the
 * topic's reply writer inserts. Features do not import each other, so the request passes here; it
 * is light, for the topic page every reader loads (the editor's part is quote-source.ts).
 */
export interface QuoteRequest {
  /** Each request's own, so a writer inserts it once. */
  id: number;
  topicId: number;
  html: string;
}

let lastId = 0;
const requests = createStore<QuoteRequest | null>(() => null, null);

/** Asks the topic's reply writer to add this quote at its end. */
export function requestQuote(topicId: number, html: string): void {
  lastId += 1;
  requests.set({ id: lastId, topicId, html });
}

/** The quote waiting for this topic's writer, if any. */
export function useQuoteRequest(topicId: number): QuoteRequest | null {
  const request = requests.use();
  return request?.topicId === topicId ? request : null;
}

/** The writer has inserted it: a writer opened later must not insert it again. */
export function quoteTaken(id: number): void {
  requests.set((request) => (request?.id === id ? null : request));
}

/**
 * A quote of a message as the writer inserts it: `<blockquote data-quote>` (the server keeps the
 * source and tells its author, docs/product.md §7) headed "name כתב/ה:", with the message's text
 * but not the quotes inside it, then an empty paragraph to write in.
 */
export function quoteMarkup(message: { id: number; content: string }, author: string): string {
  const body = new DOMParser().parseFromString(message.content, 'text/html').body;
  for (const inner of body.querySelectorAll('blockquote')) inner.remove();
  return (
    `<blockquote ${QUOTE_ATTRIBUTE}="${message.id}"><p><strong>${escapeHtml(author)} כתב/ה:</strong></p>` +
    `${body.innerHTML}</blockquote><p></p>`
  );
}
