import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
  files: string[];
  /** Gzipped bytes of chunks the route's code may import later (editor, highlighting…), not counted above. */
  lazyJsGzip: number;
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
 * What the home, forum and topic pages download before interaction, gzipped: the entry of
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
  const weights = {} as Record<keyof typeof ROUTE_MODULES, RouteWeight>;
  for (const [route, module] of Object.entries(ROUTE_MODULES) as [keyof typeof ROUTE_MODULES, string][]) {
    if (!manifest[module]) throw new Error(`the manifest has no chunk for ${module}`);
    const files = [...new Set([...initial, ...staticClosure(manifest, [module])])];
    const loaded = new Set(files);
    // Only the page's own lazy imports: the entry lazily imports every other route too.
    const pageFiles = new Set(staticClosure(manifest, [module]));
    const closureKeys = Object.keys(manifest).filter((key) => pageFiles.has(manifest[key]?.file ?? ''));
    weights[route] = {
      jsGzip: files.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipped(file), 0),
      cssGzip: files.filter((file) => file.endsWith('.css')).reduce((sum, file) => sum + gzipped(file), 0),
      files: files.sort(),
      lazyJsGzip: lazyFiles(manifest, closureKeys, loaded).reduce((sum, file) => sum + gzipped(file), 0),
    };
  }
  return weights;
}
