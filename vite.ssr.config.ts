import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { reactRouterProductionBuild, reactRouterUnusedComponents } from './scripts/vite-react-router';

/**
 * The server-render bundle (client/entry-server.tsx → dist/server-render/entry-server.js), built
 * beside the client (vite.config.ts) from the same components. Styles are the client build's, so
 * CSS imports are dropped here. React and the libraries that use it are bundled in their production
 * build (the server sets no NODE_ENV, and React would otherwise render in its slow development
 * build).
 */
export default defineConfig({
  root: 'client',
  resolve: { alias: [reactRouterProductionBuild] },
  define: {
    'import.meta.env.VITE_BUILD_TIME': JSON.stringify(Date.now()),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  ssr: { noExternal: true },
  plugins: [react(), reactRouterUnusedComponents],
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../dist/server-render',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: { output: { format: 'esm', entryFileNames: 'entry-server.js' } },
  },
});
