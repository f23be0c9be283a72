import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenFontPreloads, rubikDisplayOptional } from './scripts/vite-fonts';
import { reactRouterProductionBuild, reactRouterUnusedComponents } from './scripts/vite-react-router';
import { THEME_SCRIPT } from './shared/theme-script';

export default defineConfig({
  root: 'client',
  resolve: { alias: [reactRouterProductionBuild] },
  define: {
    // The footer's copyright year before the browser's clock takes over (client/components/footer.tsx).
    'import.meta.env.VITE_BUILD_TIME': JSON.stringify(Date.now()),
  },
  plugins: [
    react(),
    {
      // The theme is set before the first paint (shared/theme-script.ts); the CSP allows it by hash.
      name: 'theme-script',
      transformIndexHtml: () => [{ tag: 'script', children: THEME_SCRIPT, injectTo: 'head-prepend' }],
    },
    rubikDisplayOptional,
    firstScreenFontPreloads,
    {
      // The app shell's scripts (the pages the browser renders itself, and the service worker's
      // shell), marked low: fetched after the fonts rather than beside them. A server-rendered page
      // has no scripts in its head: it asks for them after its first paint
      // (shared/app-loader-script.ts).
      name: 'scripts-low-priority',
      transformIndexHtml: {
        order: 'post',
        handler: (html) =>
          html.replace(
            /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
            '<$1 fetchpriority="low"',
          ),
      },
    },
    reactRouterUnusedComponents,
    VitePWA({
      // client/lib/service-worker.ts registers it when the app is idle (spec §1), not on load.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      filename: 'sw.js',
      workbox: {
        // The app shell: every built script, style and font, so a revisit starts offline.
        globPatterns: ['**/*.{js,css,html,woff2,svg}'],
        // Not the shell: the editor and captcha load when someone writes, and the font's non-Hebrew,
        // non-Latin subsets only when such text appears. Precaching them would cost a phone ~700 KB.
        globIgnores: [
          '**/writer-editor-*.js',
          '**/altcha-*.js',
          '**/*-cyrillic*',
          '**/*-arabic-*',
          '**/*-latin-ext-*',
        ],
        navigateFallback: '/index.html',
        // API answers, images, the server's own 404 page, feeds, sitemaps and robots.txt are never
        // served from the shell cache (a click on the feed link must reach the feed); nor is the
        // unsubscribe page of notification mail, which the server renders.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/mail\//,
          /^\/page\/not-found/,
          /^\/emoji\//,
          /\.(xml|txt)(\?|$)/,
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // A .br and a .gz twin beside each text asset, at the best (slowest) settings,
    // since this runs once per build; the server sends the twin the browser accepts
    // (server/plugins/client.ts). The service worker and its workbox runtime are written later, when
    // the PWA plugin closes the bundle; the server compresses those on the fly.
    // From the smallest file up: the route chunks under 1 KB add up on the topic page (issue 10's
    // budget); a twin no smaller than its file is not written.
    compression({ threshold: 0, skipIfLargerOrEqual: true, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // dist/client/.vite/manifest.json: the chunk graph bench/client-weight.ts follows per route.
    manifest: true,
    // Every browser the forum supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
