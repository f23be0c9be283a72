import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_HEAP_FLAGS } from './server-heap';

it('npm start runs the server with the heap sizes the bench measures it with', () => {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
  const start = (scripts.start ?? '').split(' ');
  for (const flag of SERVER_HEAP_FLAGS) expect(start).toContain(flag);
});
