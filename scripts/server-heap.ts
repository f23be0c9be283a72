/**
 * How the server's process is started: `npm start` (package.json), the bench and the Lighthouse run
 * start Node with these flags and this environment.
 *
 * The old generation: after each full collection V8 lets the heap grow to the live objects times a
 * factor it scales with this limit, up to 4 when the limit is 2 GB or more (Node's default on a
 * machine with a few GB of memory), 1.3 at 256 MB. Under a saturating load the server's heap (a
 * few dozen MB live) grew to 180 MB of mostly garbage with the default; at 512 MB the factor is
 * about 1.4, with room to spare for the live objects, and the bench's rows that raised the peak
 * (like, pages rendered afresh) peaked at 187–196 MB instead of 275–285.
 *
 * The young generation: semi-spaces of 8 MB instead of 16 take another ~25 MB off the peak, for
 * about 2 % more of the main thread in collections while rendering pages (7.9 → 10.2 % in a CPU
 * profile of the uncached topic row).
 */
export const SERVER_HEAP_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=8'] as const;

/**
 * glibc's malloc gives each thread that allocates an arena of its own, up to eight per core, and an
 * arena keeps what was freed in it for the next allocation instead of returning it. The server's
 * other threads allocate in bursts: libuv's pool compresses every page the guest cache keeps
 * (brotli's window and hash tables, a few MB a call) and the SQLite checkpoint thread merges the
 * search index, so each pool thread held its own high-water mark. Two arenas: the bench's peak on
 * the small set fell from 250 to 206 MB with the same CPU per request (README, "Benchmark").
 * `MALLOC_ARENA_MAX` is read by glibc when the process starts, so it must be in the environment Node
 * is started with; other C libraries ignore it.
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: '2' } as const;

/**
 * SERVER_ENVIRONMENT for a server the bench or the Lighthouse run starts: a variable the caller's
 * own environment sets keeps its value, so a run can measure another setting.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => [name, env[name] ?? value]),
  );
}
