/**
 * The sizes of V8's heap the server runs with: `npm start` (package.json), the bench and the
 * Lighthouse run pass these flags to Node.
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
