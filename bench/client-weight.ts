import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Assets below this size have no .br/.gz twin (vite.config.ts) and go out as they are. */
const COMPRESS_THRESHOLD = 1024;

/** One chunk of Vite's build manifest (`build.manifest`), as much of it as this needs. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  /** Gzipped bytes of the JavaScript and CSS loaded before the page can be used. */
  jsGzip: number;
  cssGzip: number;
  /**
   * The same on the wire as Chromium receives them: each file's brotli twin from the build (what the
   * server sends to a browser that accepts `br`), or the file itself when it is too small to have one.
   */
  jsBrotli: number;
  cssBrotli: number;
  files: string[];
  /** Gzipped bytes of chunks the route's code may import later (editor, highlighting…), not counted above. */
  lazyJsGzip: number;
  /** The same lazy chunks in brotli, on the wire. */
  lazyJsBrotli: number;
}

/** The client routes of the benchmark and the module that renders each (client/app/routes.tsx). */
export const ROUTE_MODULES = {
  home: 'app/pages/home-page.tsx',
  forum: 'app/pages/forum-page.tsx',
  topic: 'app/pages/topic-page.tsx',
} as const;

/** Files the page names itself: scripts, module preloads and style sheets of index.html. */
export function filesOfIndexHtml(html: string): string[] {
  const files: string[] = [];
  const pattern = /<(?:script|link)\b[^>]*?\b(?:src|href)="\/?([^"]+\.(?:js|css))"[^>]*>/g;
  for (const match of html.matchAll(pattern)) if (match[1]) files.push(match[1]);
  return files;
}

/** A chunk's file, its CSS and those of everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** Dynamic imports reachable from `keys`, minus what is already loaded. */
function lazyFiles(manifest: Manifest, keys: string[], loaded: Set<string>): string[] {
  const dynamic = new Set<string>();
  for (const key of keys) for (const imported of manifest[key]?.dynamicImports ?? []) dynamic.add(imported);
  return staticClosure(manifest, [...dynamic]).filter((file) => !loaded.has(file) && file.endsWith('.js'));
}

/**
 * What the home, forum and topic pages download before interaction, gzipped and in brotli: the entry of
 * index.html with its static imports, plus the route's lazily loaded page chunk with its static
 * imports and CSS. Lazy chunks the page imports later (the editor, syntax highlighting) are
 * reported apart.
 */
export function measureClientWeight(clientDir: string): Record<keyof typeof ROUTE_MODULES, RouteWeight> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`no ${manifestFile}: build the client with build.manifest on`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entryKeys = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  const initial = new Set([...filesOfIndexHtml(html), ...staticClosure(manifest, entryKeys)]);
  const gzipCache = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, file))).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const brotliCache = new Map<string, number>();
  const brotli = (file: string) => {
    let size = brotliCache.get(file);
    if (size === undefined) {
      const twin = path.join(clientDir, `${file}.br`);
      const body = readFileSync(path.join(clientDir, file));
      if (existsSync(twin)) size = readFileSync(twin).length;
      else if (body.length < COMPRESS_THRESHOLD) size = body.length;
      // A build without twins (vite.config.ts's compression plugin off): what the build would write.
      else size = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      brotliCache.set(file, size);
    }
    return size;
  };
  const sum = (files: string[], measure: (file: string) => number) =>
    files.reduce((total, file) => total + measure(file), 0);
  const weights = {} as Record<keyof typeof ROUTE_MODULES, RouteWeight>;
  for (const [route, module] of Object.entries(ROUTE_MODULES) as [keyof typeof ROUTE_MODULES, string][]) {
    if (!manifest[module]) throw new Error(`the manifest has no chunk for ${module}`);
    const files = [...new Set([...initial, ...staticClosure(manifest, [module])])];
    const loaded = new Set(files);
    // Only the page's own lazy imports: the entry lazily imports every other route too.
    const pageFiles = new Set(staticClosure(manifest, [module]));
    const closureKeys = Object.keys(manifest).filter((key) => pageFiles.has(manifest[key]?.file ?? ''));
    const js = files.filter((file) => file.endsWith('.js'));
    const css = files.filter((file) => file.endsWith('.css'));
    const lazy = lazyFiles(manifest, closureKeys, loaded);
    weights[route] = {
      jsGzip: sum(js, gzipped),
      cssGzip: sum(css, gzipped),
      jsBrotli: sum(js, brotli),
      cssBrotli: sum(css, brotli),
      files: files.sort(),
      lazyJsGzip: sum(lazy, gzipped),
      lazyJsBrotli: sum(lazy, brotli),
    };
  }
  return weights;
}
