import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_HEAP_FLAG } from './server-heap';

it('npm start runs the server with the heap limit the bench measures it with', () => {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
  expect(scripts.start.split(' ')).toContain(SERVER_HEAP_FLAG);
});
