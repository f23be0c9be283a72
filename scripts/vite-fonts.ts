import type { Plugin } from 'vite';
import { firstScreenFonts, fontPreload } from '../shared/first-screen-fonts';

/**
 * Rubik comes with `font-display: swap`: text painted in the fallback font was laid out again when
 * the font arrived, and the home page's list moved (layout shift 0.086 in Lighthouse). `optional`
 * never swaps: every page preloads the Hebrew and Latin files (below), which the browser then waits
 * for briefly before the first paint; on a connection too slow for that, the page stays in the
 * fallback font instead of jumping.
 */
export const rubikDisplayOptional: Plugin = {
  name: 'rubik-display-optional',
  transform(code, id) {
    if (!/@fontsource-variable\/rubik\/.*\.css$/.test(id)) return null;
    return { code: code.replaceAll('font-display: swap;', 'font-display: optional;'), map: null };
  },
};

/**
 * The built `index.html` preloads the fonts of its entry stylesheet, first in the head after the
 * charset. It is the service worker's shell, which a returning visitor's every page starts from:
 * without the preloads the shell asked for Rubik only once the app had rendered text, too late for
 * `optional`, and every page after the first was written in the fallback font. The server renders
 * its pages into the same file (server/ssr/server-renderer.ts), preloads and all.
 */
export const firstScreenFontPreloads: Plugin = {
  name: 'first-screen-font-preloads',
  transformIndexHtml: {
    order: 'post',
    handler(html, { chunk, bundle }) {
      const entryCss = [...(chunk?.viteMetadata?.importedCss ?? [])].map((file) => {
        const asset = bundle?.[file];
        return asset?.type === 'asset' ? String(asset.source) : '';
      });
      return withFontPreloads(html, entryCss.flatMap(firstScreenFonts));
    },
  },
};

/** The page with a preload of each font right after its charset, which must stay in its first bytes. */
export function withFontPreloads(html: string, fonts: readonly string[]): string {
  const charset = /<meta charset="[^"]*"\s*\/?>\n?/i.exec(html);
  if (!charset) throw new Error('index.html has no <meta charset>');
  const at = charset.index + charset[0].length;
  const links = fonts.map((font) => `    ${fontPreload(font)}\n`).join('');
  return html.slice(0, at) + links + html.slice(at);
}
