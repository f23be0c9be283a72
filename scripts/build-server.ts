import { build } from 'esbuild';

/**
 * Packages Node still loads from node_modules. Native bindings cannot be bundled (better-sqlite3,
 * argon2, sharp, pg's optional pg-native); the ones only a rare path needs (image processing, avatar
 * drawing, mail) are imported on first use and would otherwise be parsed at every start.
 */
export const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  'pg-native',
  '@dicebear/*',
  'nodemailer',
];

/**
 * Bundled CommonJS packages call `require` for Node's own modules (and `pg-native`), which an ES
 * module does not have: the bundle makes one for itself.
 */
const REQUIRE_FOR_COMMONJS =
  "import { createRequire as createBundleRequire } from 'node:module';\n" +
  'const require = createBundleRequire(import.meta.url);';

/**
 * Bundles the server (and its CLI) to plain JavaScript with its pure-JavaScript packages inside:
 * Node reads and compiles one file at start instead of resolving and loading some 900 files of
 * node_modules one by one (a quarter of the start's CPU time, issue 13). Whitespace and syntax are
 * minified, which halves what V8 parses and keeps in memory as source; names stay, so stack traces
 * still read (and the source map points into the sources).
 */
export function buildServer(outdir = 'dist/server') {
  return build({
    entryPoints: { main: 'server/main.ts', cli: 'server/cli.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    banner: { js: REQUIRE_FOR_COMMONJS },
    sourcemap: true,
    metafile: true,
    minifyWhitespace: true,
    minifySyntax: true,
    // Licence comments go to main.js.LEGAL.txt: one of them holds a non-ASCII name (see the test).
    legalComments: 'external',
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
}
