import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withFontPreloads } from '../../scripts/vite-fonts';
import { firstScreenFonts } from '../../shared/first-screen-fonts';

/** The entry's stylesheet in the test build: the renderer inlines it into every page. */
export const ENTRY_CSS =
  '@font-face{font-family:Rubik Variable;font-display:swap;src:url(/assets/rubik-hebrew-wght-normal-X1.woff2)format("woff2-variations")}' +
  '@font-face{font-family:Rubik Variable;src:url(/assets/rubik-latin-ext-wght-normal-X3.woff2)format("woff2-variations")}' +
  '@font-face{font-family:Rubik Variable;src:url(/assets/rubik-latin-wght-normal-X2.woff2)format("woff2-variations")}body{margin:0}';
/** The topic page's stylesheet in the test build. */
export const TOPIC_PAGE_CSS = '.topic-header{display:flex}';

/** A built client's index.html and manifest: the renderer's template and the route chunks. */
export function writeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ssr-client-'));
  // As the build writes it: the entry's first-screen fonts preloaded after the charset.
  writeFileSync(
    path.join(dir, 'index.html'),
    withFontPreloads(
      `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="ברירת מחדל" />
    <title>קהילה</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
      firstScreenFonts(ENTRY_CSS),
    ),
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-1.css'), ENTRY_CSS);
  writeFileSync(path.join(dir, 'assets', 'topic-page-1.css'), TOPIC_PAGE_CSS);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_shared.js'],
        css: ['assets/index-1.css'],
      },
      '_shared.js': { file: 'assets/shared-1.js' },
      'app/pages/topic-page.tsx': {
        file: 'assets/topic-page-1.js',
        imports: ['_shared.js', '_post-card.js'],
        css: ['assets/topic-page-1.css'],
      },
      '_post-card.js': { file: 'assets/post-card-1.js' },
    }),
  );
  return dir;
}
