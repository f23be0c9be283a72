import { build } from 'esbuild';

/** Bundles the server (and its CLI) to plain JavaScript; npm packages stay external. */
export async function buildServer() {
  await build({
    entryPoints: { main: 'server/main.ts', cli: 'server/cli.ts' },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
}
