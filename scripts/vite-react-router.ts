import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

/**
 * React Router as both builds (vite.config.ts, vite.ssr.config.ts) bundle it. Its package exports
 * name only its development build, whatever the mode (remix-run/react-router#14102, open): that
 * build runs its developer warnings in production, building each message on every render of
 * `<Routes>`. The production build beside it differs only in that switch.
 */
export const reactRouterProductionBuild: Alias = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

/**
 * React Router names its components for the React developer tools (`Link.displayName = …`) and
 * makes them with forwardRef calls it does not mark pure: a bundler must keep every one, used or
 * not (Link, NavLink, Form, ScrollRestoration…). Without the names and with the calls marked, the
 * unused ones fall out of the bundle (the app's links are client/components/app-link.tsx).
 */
export const reactRouterUnusedComponents: Plugin = {
  name: 'react-router-unused-components',
  transform(code, id) {
    if (!/\/node_modules\/react-router\/dist\/[^/]+\/chunk-[^/]+\.mjs$/.test(id)) return null;
    return {
      code: code
        .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*)\.(forwardRef|memo)\(/g, '= /* @__PURE__ */ $1.$2('),
      map: null,
    };
  },
};
