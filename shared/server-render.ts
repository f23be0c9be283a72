/**
 * The contract between the server and the server-render bundle of the client (client/entry-server.tsx,
 * built by Vite to dist/server-render). The client says which data a page shows; the server fetches
 * it through its services (no HTTP round trip) and hands it back; the client turns it into the same
 * TanStack Query entries its hooks read, and renders the page and its head.
 */

/** A piece of data a server-rendered page shows. */
export type PageQuery =
  | { kind: 'site' }
  | { kind: 'forums' }
  | { kind: 'posts'; forumId: number }
  | { kind: 'topic'; topicId: number }
  | { kind: 'topicAt'; topicId: number; messageId: number }
  /**
   * The live-update position (GET /api/events) before the page's data is read: the browser's
   * stream resumes from it, so an event between the render and the stream's opening reaches the
   * page. Listed first, so it is read before the data.
   */
  | { kind: 'live' };

/** A page query with its answer: the JSON the API would send, or `null` when it answered 404. */
export interface PageQueryResult {
  query: PageQuery;
  data: unknown;
}

export interface RenderOptions {
  /** `PUBLIC_URL`, without a trailing slash: canonical, Open Graph and JSON-LD addresses. */
  publicUrl: string;
  /** The status the page is answered with; 404 renders the not-found page at any path. */
  status: 200 | 404;
  /** Always through the streaming renderer, which waits for every boundary (tests compare the two). */
  streaming?: boolean;
}

export interface RenderedPage {
  /** Elements for `<head>`: title, description, canonical, robots, Open Graph, JSON-LD. */
  head: string;
  /** The app's HTML, for inside `<div id="root">`. */
  html: string;
  /** The dehydrated query state and the status, as JSON safe inside a `<script>` element. */
  state: string;
  /** The route's page module (its path under client/): its built chunks are the page's to load. */
  pageModule: string | null;
}

/** What the server-render bundle exports. */
export interface ServerEntry {
  /** The data the page at this path shows, or null for a page that is not rendered on the server. */
  pageQueries(url: string): PageQuery[] | null;
  render(url: string, results: readonly PageQueryResult[], options: RenderOptions): Promise<RenderedPage>;
}

/** The id of the `<script type="application/json">` that carries the state into the page. */
export const SERVER_STATE_ID = 'server-state';

/** What that script holds. */
export interface ServerState {
  status: number;
  /** TanStack Query's dehydrated state. */
  queries: unknown;
  /** The live-update position of the `live` page query, on pages that follow live events. */
  live?: string;
}

/**
 * JSON that cannot end the `<script>` it sits in nor start a comment inside it: `<`, `>` and `&`
 * become `\u003c`… escapes (JSON.parse reads them back), as do the line separators JavaScript once
 * refused in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_SAFE[char] ?? char);
}

/** The escapes, looked up rather than formatted: a page's state holds a few hundred of them. */
const SCRIPT_SAFE: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
