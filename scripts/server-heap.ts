/**
 * The limit of V8's old generation the server runs with: `npm start` (package.json), the bench and
 * the Lighthouse run pass it to Node.
 *
 * After each full collection V8 lets the heap grow to the live objects times a factor it scales with
 * this limit: up to 4 when the limit is 2 GB or more (Node's default on a machine with a few GB of
 * memory), 1.3 at 256 MB. Under a saturating load the server's heap (a few dozen MB live) grew to
 * 180 MB of mostly garbage with the default; at 512 MB the factor is about 1.4 and the same load
 * peaks ~90 MB lower for no CPU the bench can tell apart, with room to spare for the live objects.
 */
export const SERVER_HEAP_FLAG = '--max-old-space-size=512';
