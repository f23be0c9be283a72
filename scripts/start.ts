import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server';

/** Newest modification time of the files under the given folders. */
function newestSource(folders: string[]): number {
  let newest = 0;
  const visit = (entry: string) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const folder of folders) if (existsSync(folder)) visit(folder);
  return newest;
}

// `npm start` right after `npm install` must work: build the client and its server-render bundle
// (the same build, so the server's HTML matches the browser's) when either is missing or older than
// their sources, then bundle and run the server.
const clientIndex = 'dist/client/index.html';
const serverRender = 'dist/server-render/entry-server.js';
const sources = newestSource(['client', 'shared']);
const stale = (file: string) => !existsSync(file) || statSync(file).mtimeMs < sources;
if (stale(clientIndex) || stale(serverRender)) {
  console.log('Building the client…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
await buildServer();
await import(path.resolve('dist/server/main.js'));
