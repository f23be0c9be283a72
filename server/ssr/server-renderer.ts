import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isNoIndexPath } from '../../shared/client-routes';
import { SERVER_STATE_ID, type ServerEntry } from '../../shared/server-render';
import type { Logger } from '../deps';
import type { PageRenderer, RenderedBody } from '../guest-cache/pages';
import type { AppScripts } from '../../shared/app-loader-script';
import { appScriptsElements, takeAppScripts } from './app-scripts';
import { type InlineStyle, inlineStylesheetLinks, readInlineStyle } from './inline-styles';
import { fetchPageData, type PageDataSources } from './page-data';
import { imagePreload, leadImage } from './preloads';

const NOT_FOUND_PAGE = '/page/not-found';
/** How often the built `index.html` is looked at for a rebuild. */
const TEMPLATE_CHECK_MS = 1000;

/** Where `npm run build` puts the server-render bundle, beside the client's folder. */
export function serverEntryPath(clientDir: string): string {
  return path.join(clientDir, '..', 'server-render', 'entry-server.js');
}

/** Loads the built server-render bundle, or null when the build has none (an API-only setup). */
export async function loadServerEntry(clientDir: string): Promise<ServerEntry | null> {
  const file = serverEntryPath(clientDir);
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { serverEntry?: ServerEntry };
  return module.serverEntry ?? null;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Template {
  version: string;
  /** The built page up to its root element, for the app shell. */
  before: string;
  /**
   * The same for a rendered page, as UTF-8 in three pieces around what each page puts in: its
   * preloads (after the charset and the fonts' preloads) and its head (in place of the default
   * title and description). Most of a page's bytes are these pieces (the inline stylesheets), so
   * they are encoded once per build rather than on every render.
   */
  headStart: Buffer;
  headMiddle: Buffer;
  headEnd: Buffer;
  after: string;
  afterBytes: Buffer;
  /**
   * The head's module script and modulepreloads, which a rendered page loads after its first paint
   * (taken out of `headMiddle`); null when the build's head has none.
   */
  appScripts: AppScripts | null;
  /** The end of the body for each route's page module (the list of scripts and the loader), made once. */
  appScriptsEnd: Map<string | null, Buffer>;
  manifest: Manifest;
  /** Files the entry chunk already loads: not preloaded again. */
  entryFiles: Set<string>;
  /** Route stylesheets read so far, by file (null: kept as a link). */
  routeStyles: Map<string, InlineStyle | null>;
  /** The CSP sources of every stylesheet this template's pages carry inline. */
  styleSources: Set<string>;
  /** The page's Content-Security-Policy for those sources, made again when one is added. */
  policy: { sources: number; value: string } | null;
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The chunk of a module and every chunk it imports statically, with their styles. */
function chunkFiles(manifest: Manifest, key: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) return;
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(key);
  return { scripts, styles };
}

/**
 * The template is the built `index.html` (its hashed asset links stay right); the default title
 * and description make way for the page's own head.
 */
async function loadTemplate(clientDir: string): Promise<Template> {
  const file = path.join(clientDir, 'index.html');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const info = await stat(file);
  const html = await readFile(file, 'utf8');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest)
    : {};
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as { isEntry?: boolean }).isEntry);
  const entry = entryKey ? chunkFiles(manifest, entryKey) : { scripts: [], styles: [] };
  const marker = '<div id="root"></div>';
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`${file} has no ${marker}`);
  const inlined = await inlineStylesheetLinks(clientDir, html.slice(0, at));
  const before = inlined.html;
  const preloadAt = afterFirstPreloads(before);
  const [defaultHeadMiddle, headEnd] = withoutDefaultHead(before.slice(preloadAt));
  const { head: headMiddle, scripts: appScripts } = takeAppScripts(defaultHeadMiddle);
  const after = html.slice(at + marker.length);
  return {
    version: `${info.mtimeMs}-${info.size}`,
    before,
    headStart: Buffer.from(before.slice(0, preloadAt)),
    headMiddle: Buffer.from(headMiddle),
    headEnd: Buffer.from(headEnd),
    after,
    afterBytes: Buffer.from(after),
    appScripts,
    appScriptsEnd: new Map(),
    manifest,
    entryFiles: new Set([...entry.scripts, ...entry.styles]),
    routeStyles: new Map(),
    styleSources: new Set(inlined.styles.map((style) => style.source)),
    policy: null,
  };
}

/**
 * Where a page's lead picture preload goes: first in the head, after the charset (which must stay
 * in its first bytes) and the font preloads the build wrote there (scripts/vite-fonts.ts).
 */
function afterFirstPreloads(html: string): number {
  const charset = /<meta charset="[^"]*"\s*\/?>\s*/i.exec(html);
  let at = charset ? charset.index + charset[0].length : html.indexOf('<head>') + 6;
  const fontPreload = /<link rel="preload"[^>]*\sas="font"[^>]*>\s*/y;
  fontPreload.lastIndex = at;
  while (fontPreload.exec(html)) at = fontPreload.lastIndex;
  return at;
}

/** A route stylesheet as an inline `<style>` (read once per build), or its link when it cannot be inlined. */
async function routeStyle(clientDir: string, page: Template, file: string): Promise<string> {
  if (!page.routeStyles.has(file)) page.routeStyles.set(file, await readInlineStyle(clientDir, file));
  const style = page.routeStyles.get(file);
  if (!style) return `<link rel="stylesheet" href="/${escapeAttribute(file)}">`;
  page.styleSources.add(style.source);
  return style.element;
}

/**
 * The list of a route's scripts (the entry's, then the route's chunks the entry does not load) and
 * the loader that asks for them, as bytes made once per route and build.
 */
function appScriptsEnd(page: Template, pageModule: string | null, routeChunks: readonly string[]): Buffer {
  let end = page.appScriptsEnd.get(pageModule);
  if (!end) {
    const { appScripts } = page;
    const routeScripts = routeChunks.filter((file) => !page.entryFiles.has(file)).map((file) => `/${file}`);
    end = Buffer.from(
      appScripts
        ? appScriptsElements({ ...appScripts, preload: [...appScripts.preload, ...routeScripts] })
        : '',
    );
    page.appScriptsEnd.set(pageModule, end);
  }
  return end;
}

/**
 * The template's head without its default title and description, cut where a page's own head
 * elements go: before `</head>`.
 */
function withoutDefaultHead(html: string): [string, string] {
  const cleaned = html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  const end = cleaned.indexOf('</head>');
  if (end < 0) throw new Error('the built index.html has no </head>');
  return [cleaned.slice(0, end), cleaned.slice(end)];
}

/**
 * Server rendering of the guest pages (home, forum, topic, terms, not found): the data through the
 * services, the HTML from the client's own components (client/entry-server.tsx). Pages it does not
 * render (personal pages, forms, links from mails) are the app shell, marked noindex where
 * docs/product.md §1 says so. A page whose forum or topic does not exist is the not-found page with
 * HTTP 404.
 */
export function serverRenderer(options: {
  clientDir: string;
  entry: ServerEntry;
  sources: PageDataSources;
  publicUrl: string;
  log: Logger;
  /** The Content-Security-Policy that also allows these inline stylesheets (server/plugins/security.ts). */
  contentSecurityPolicy: (styleSources: readonly string[]) => string;
}): PageRenderer {
  const { clientDir, entry, sources, publicUrl, log, contentSecurityPolicy } = options;
  let template: Template | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  // A rebuilt client is picked up without a restart, looked for once a second at most rather than
  // with a stat on every request.
  const current = async (): Promise<Template> => {
    const now = performance.now();
    if (template && now - checkedAt < TEMPLATE_CHECK_MS) return template;
    checkedAt = now;
    const info = await stat(path.join(clientDir, 'index.html'));
    if (!template || template.version !== `${info.mtimeMs}-${info.size}`)
      template = await loadTemplate(clientDir);
    return template;
  };
  const shell = (page: Template, url: string, status: number): RenderedBody => {
    const pathname = url.split('?', 1)[0] ?? '/';
    const robots = isNoIndexPath(pathname)
      ? `<meta name="robots" content="noindex" data-page="${escapeAttribute(pathname)}">`
      : '';
    const before = robots ? page.before.replace('</head>', `  ${robots}\n  </head>`) : page.before;
    return { body: `${before}<div id="root"></div>${page.after}`, status };
  };

  return {
    async version() {
      return (await current()).version;
    },
    knownVersion() {
      return template && performance.now() - checkedAt < TEMPLATE_CHECK_MS ? template.version : undefined;
    },
    contentSecurityPolicy() {
      if (!template || template.styleSources.size === 0) return null;
      if (template.policy?.sources !== template.styleSources.size)
        template.policy = {
          sources: template.styleSources.size,
          value: contentSecurityPolicy([...template.styleSources]),
        };
      return template.policy.value;
    },
    async render(url, status) {
      const page = await current();
      // A path that is no route is answered with the not-found page, as an unknown topic is.
      const queries = entry.pageQueries(url) ?? (status === 404 ? entry.pageQueries(NOT_FOUND_PAGE) : null);
      if (!queries) return shell(page, url, status);
      let results = await fetchPageData(sources, queries);
      const missing = results.find((result) => result.data === null);
      // A message gone from a notification's link: the browser opens the topic at its latest replies.
      if (missing?.query.kind === 'topicAt') return shell(page, url, status);
      const renderedStatus = status === 404 || missing ? 404 : 200;
      if (renderedStatus === 404)
        results = results.filter((result) => ['site', 'forums'].includes(result.query.kind));
      try {
        const rendered = await entry.render(url, results, { publicUrl, status: renderedStatus });
        const { scripts, styles } = rendered.pageModule
          ? chunkFiles(page.manifest, rendered.pageModule)
          : { scripts: [], styles: [] };
        // The route's styles come inline, so the first paint waits for no request; its chunks are
        // loaded with the entry's after that paint (shared/app-loader-script.ts).
        const routeStyles = await Promise.all(
          styles
            .filter((file) => !page.entryFiles.has(file))
            .map((file) => routeStyle(clientDir, page, file)),
        );
        const head = [rendered.head, ...routeStyles].join('\n    ');
        const image = leadImage(rendered.html);
        const body = Buffer.concat([
          page.headStart,
          ...(image ? [Buffer.from(imagePreload(image))] : []),
          page.headMiddle,
          Buffer.from(`  ${head}\n  `),
          page.headEnd,
          Buffer.from(
            `<div id="root">${rendered.html}</div>` +
              `<script type="application/json" id="${SERVER_STATE_ID}">${rendered.state}</script>`,
          ),
          appScriptsEnd(page, rendered.pageModule, scripts),
          page.afterBytes,
        ]);
        return { body, status: renderedStatus };
      } catch (error) {
        // The app shell still works: the browser renders the page itself.
        log.error({ err: error, url }, 'server rendering failed');
        return shell(page, url, renderedStatus);
      }
    },
  };
}
