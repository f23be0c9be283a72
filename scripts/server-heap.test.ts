import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_ENVIRONMENT, SERVER_HEAP_FLAGS, serverEnvironment } from './server-heap';

/** The words of package.json's start script. */
function startScript(): string[] {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
  return (scripts.start ?? '').split(' ');
}

it('npm start runs the server with the heap sizes the bench measures it with', () => {
  const start = startScript();
  for (const flag of SERVER_HEAP_FLAGS) expect(start).toContain(flag);
});

it('npm start runs the server with the environment the bench measures it with, set before node', () => {
  const start = startScript();
  const node = start.indexOf('node');
  for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) {
    const at = start.indexOf(`${name}=${value}`);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(node);
  }
});

it("gives a server the bench starts the same environment, unless the caller's own sets a variable", () => {
  expect(serverEnvironment({})).toEqual(SERVER_ENVIRONMENT);
  expect(serverEnvironment({ MALLOC_ARENA_MAX: '1', OTHER: 'x' })).toEqual({ MALLOC_ARENA_MAX: '1' });
});
