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

// `npm start` right after `npm install` must work: build the client when it is missing or older than
// its sources, then bundle and run the server.
const clientIndex = 'dist/client/index.html';
if (!existsSync(clientIndex) || statSync(clientIndex).mtimeMs < newestSource(['client', 'shared'])) {
  console.log('Building the client…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
await buildServer();
await import(path.resolve('dist/server/main.js'));
