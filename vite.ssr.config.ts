import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server-render bundle (client/entry-server.tsx → dist/server-render/entry-server.js), built
 * beside the client (vite.config.ts) from the same components. npm packages stay external (Node
 * loads them from node_modules); styles are the client build's, so CSS imports are dropped here.
 */
export default defineConfig({
  root: 'client',
  define: {
    'import.meta.env.VITE_BUILD_TIME': JSON.stringify(Date.now()),
  },
  plugins: [react()],
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../dist/server-render',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: { output: { format: 'esm', entryFileNames: 'entry-server.js' } },
  },
});
