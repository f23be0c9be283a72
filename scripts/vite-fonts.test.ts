import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstScreenFontPreloads, withFontPreloads } from './vite-fonts';

const SHELL = `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <script>theme()</script>
    <meta charset="UTF-8" />
    <title>קהילה</title>
  </head>
</html>`;

const ENTRY_CSS =
  '@font-face{src:url(/assets/rubik-cyrillic-wght-normal-C1.woff2)}' +
  '@font-face{src:url(/assets/rubik-hebrew-wght-normal-H1.woff2)}' +
  '@font-face{src:url(/assets/rubik-latin-ext-wght-normal-E1.woff2)}' +
  '@font-face{src:url(/assets/rubik-latin-wght-normal-L1.woff2)}';

/** The plugin's hook as Vite calls it on the built index.html, with the entry's stylesheets. */
function transform(css: Record<string, string>): string {
  const hook = (firstScreenFontPreloads.transformIndexHtml as { handler: IndexHtmlTransformHook }).handler;
  const bundle = Object.fromEntries(
    Object.entries(css).map(([fileName, source]) => [fileName, { type: 'asset', fileName, source }]),
  );
  const chunk = { viteMetadata: { importedCss: new Set(Object.keys(css)), importedAssets: new Set() } };
  return hook.call({} as never, SHELL, { chunk, bundle } as unknown as IndexHtmlTransformContext) as string;
}

describe("the shell's font preloads", () => {
  it("preload the entry stylesheet's Hebrew and Latin Rubik right after the charset", () => {
    const html = transform({ 'assets/index-1.css': ENTRY_CSS, 'assets/other-1.css': 'body{margin:0}' });
    expect(html).toBe(
      SHELL.replace(
        '<meta charset="UTF-8" />\n',
        '<meta charset="UTF-8" />\n' +
          '    <link rel="preload" href="/assets/rubik-hebrew-wght-normal-H1.woff2" as="font" type="font/woff2" crossorigin>\n' +
          '    <link rel="preload" href="/assets/rubik-latin-wght-normal-L1.woff2" as="font" type="font/woff2" crossorigin>\n',
      ),
    );
  });

  it('leave a page without those fonts as it was, and refuse one without a charset', () => {
    expect(transform({ 'assets/index-1.css': 'body{margin:0}' })).toBe(SHELL);
    expect(() => withFontPreloads('<html><head></head></html>', [])).toThrow(/charset/);
  });
});
