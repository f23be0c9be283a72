import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzip,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** Bodies smaller than this are kept and sent as they are: compressing them saves next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The brotli quality of an answer of a few KB made for one client (oneClientBrotliQuality). Quality 0
 * was hardly cheaper (0.231 CPU ms against 0.240 for the logged-in home below).
 */
export const QUICK_BROTLI_QUALITY = 1;

/** Up to this size an answer made for one client takes QUICK_BROTLI_QUALITY. */
export const ONE_CLIENT_FASTEST_UP_TO_BYTES = 16 * 1024;

/**
 * The brotli quality of an answer made for one client (a logged-in read, a page with a query),
 * compressed while its client waits. From quality 2 up, compressing a small answer cost the server
 * about as much as its database read: a logged-in home (4 KB of JSON) cost 0.176 CPU ms sent plain,
 * 0.240 at quality 1, 0.287 at 2 and 0.318 at 3 (the bench's dataset, 10 connections), for an
 * answer 9 % larger at 1 than at 3 (1,785 bytes against 1,643). A larger answer takes 3: a rendered
 * page of 57 KB is 15.1 KB at 1 and 13.5 KB at 3, 0.15 ms apart.
 */
export function oneClientBrotliQuality(bytes: number): number {
  return bytes <= ONE_CLIENT_FASTEST_UP_TO_BYTES ? QUICK_BROTLI_QUALITY : 3;
}

/** Room a stored entry takes beyond its bodies (key, headers, tag list, the LRU's own bookkeeping). */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * One answer as it is sent: its status, type and ETag, and its body in the encodings the client may
 * ask for. A body above the threshold is held only compressed: brotli, which every browser takes;
 * gzip and the plain body are made from it when a client first asks for them
 * (`GuestCache.withBodyFor`).
 */
export interface EncodedBody {
  readonly status: number;
  readonly contentType: string;
  /** Weak, so one validator covers every encoding of the same content (RFC 9110 §8.8.1). */
  readonly etag: string;
  readonly identity: Buffer | null;
  readonly gzip: Buffer | null;
  readonly br: Buffer | null;
  /** What the entry costs the cache, in bytes. */
  readonly size: number;
  /** Which build of the page shell the body came from; an entry of another build is not served. */
  readonly version?: string;
}

export type Encoding = 'br' | 'gzip' | 'identity';

interface EncodeOptions {
  status?: number;
  contentType: string;
  version?: string;
  /** The one encoding to make for an answer that will not be kept. */
  only?: Encoding;
  /** For an answer that will be kept: the encoding of the client asking now, made beside brotli. */
  client?: Encoding;
}

/**
 * The smallest brotli window that holds the whole body: the same output (a topic page: 17,177 and
 * 17,178 bytes at quality 3), while the encoder sets up a ring buffer of the body's size instead of
 * the default 4 MB, 10–15 % of the time of a page's compression.
 */
export function brotliWindowBits(bytes: number): number {
  // A window holds 16 bytes fewer than its size.
  const bits = Math.ceil(Math.log2(bytes + 16));
  return Math.min(Math.max(bits, zlibConstants.BROTLI_MIN_WINDOW_BITS), zlibConstants.BROTLI_DEFAULT_WINDOW);
}

/** What encoding a body takes: which compressions run, with what settings, and its tag. */
function encodingPlan(body: string | Buffer, options: EncodeOptions) {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const only = options.only;
  const compress = identity.length >= COMPRESS_THRESHOLD_BYTES && only !== 'identity';
  return {
    identity,
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    compress,
    // A kept answer is made in brotli only, plus gzip when the client filling it takes nothing
    // better: gzip at level 6 beside brotli was about 40 % of the compression of a rendered page,
    // for the few clients (scripts, some crawlers) that take gzip and not brotli.
    gzip: compress && (only ? only === 'gzip' : options.client === 'gzip') ? { level: 6 } : null,
    // Quality 5 for a kept answer: within a few per cent of the best brotli for pages this size, at
    // a fraction of the time. An answer sent once (`only`): oneClientBrotliQuality.
    br:
      compress && only !== 'gzip'
        ? {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: only ? oneClientBrotliQuality(identity.length) : 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowBits(identity.length),
            },
          }
        : null,
  };
}

function encodedBody(
  plan: ReturnType<typeof encodingPlan>,
  options: EncodeOptions,
  gzip: Buffer | null,
  br: Buffer | null,
): EncodedBody {
  const kept = plan.compress ? null : plan.identity;
  return {
    status: options.status ?? 200,
    contentType: options.contentType,
    etag: plan.etag,
    identity: kept,
    gzip,
    br,
    size: (kept?.length ?? 0) + (gzip?.length ?? 0) + (br?.length ?? 0) + ENTRY_OVERHEAD_BYTES,
    version: options.version,
  };
}

/**
 * Encodes a body once, the way the cache keeps it and the HTTP layer sends it. `only` names the one
 * encoding a client takes when the answer will not be kept (a logged-in request): the others are
 * not computed, and an identity answer is not compressed at all.
 */
export function encodeBody(body: string | Buffer, options: EncodeOptions): EncodedBody {
  const plan = encodingPlan(body, options);
  return encodedBody(
    plan,
    options,
    plan.gzip ? gzipSync(plan.identity, plan.gzip) : null,
    plan.br ? brotliCompressSync(plan.identity, plan.br) : null,
  );
}

const gzipOffThread = promisify(gzip);
const brotliOffThread = promisify(brotliCompress);

/**
 * An answer encoded for sending. One about to be kept is `encodeBody` with the compression on
 * libuv's thread pool, both encodings at once: brotli 5 of a rendered page is about a millisecond,
 * time every other request would wait for. The event loop serves others meanwhile; the cache's
 * epoch already refuses a fill a write overtook.
 *
 * An answer sent once (`only`) is compressed here and now: brotli 3 of a 78 KB topic page takes
 * 0.36 ms, less than a zlib stream for the thread pool costs the event loop to set up, feed and
 * close (the bench's uncached topic page: 3.4 -> 2.2 CPU ms a request, p99 55 -> 40 ms).
 */
export async function encodeAnswer(body: string | Buffer, options: EncodeOptions): Promise<EncodedBody> {
  if (options.only) return encodeBody(body, options);
  const plan = encodingPlan(body, options);
  const [gzipped, brotli] = await Promise.all([
    plan.gzip ? gzipOffThread(plan.identity, plan.gzip) : null,
    plan.br ? brotliOffThread(plan.identity, plan.br) : null,
  ]);
  return encodedBody(plan, options, gzipped, brotli);
}

/** The body in the chosen encoding; null means "send it unencoded" and the identity bytes follow. */
export function bodyFor(entry: EncodedBody, encoding: Encoding): { encoding: Encoding; body: Buffer } {
  if (encoding === 'br' && entry.br) return { encoding: 'br', body: entry.br };
  if (encoding !== 'identity' && entry.gzip) return { encoding: 'gzip', body: entry.gzip };
  if (entry.identity) return { encoding: 'identity', body: entry.identity };
  const plain = plainBody(entry);
  if (plain) return { encoding: 'identity', body: plain };
  throw new Error('an encoded body holds no bytes');
}

/** The plain bytes of a body held only compressed, decoded; null when it holds none. */
function plainBody(entry: EncodedBody): Buffer | null {
  if (entry.identity) return entry.identity;
  if (entry.gzip) return gunzipSync(entry.gzip);
  if (entry.br) return brotliDecompressSync(entry.br);
  return null;
}

interface StoredEntry {
  readonly body: EncodedBody;
  readonly tags: readonly string[];
}

/** A fill under way: the epoch it began in, and its answer (undefined when it made none to share). */
interface Fill {
  readonly epoch: number;
  readonly answer: Promise<EncodedBody | undefined>;
}

/** Ends a fill with the answer it made for everyone, or undefined; only the first call counts. */
export type FinishFill = (answer: EncodedBody | undefined) => void;

/**
 * Answers that are the same for every visitor, kept in memory: bounded in bytes, least recently
 * used out first, and dropped by tag when a write changes what they show. Knows nothing of HTTP or
 * of the forum; `invalidation.ts` says which tags an event drops.
 *
 * Reads and fills race with writes: a read that began before a write committed may finish after the
 * write dropped its entries, and must not store what it read. So a fill names the `epoch` it saw
 * when it started, and is refused if anything was dropped since.
 */
export class GuestCache {
  private readonly entries: LRUCache<string, StoredEntry> | null;
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly fills = new Map<string, Fill>();
  private dropCount = 0;

  constructor(readonly maxBytes: number) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, StoredEntry>({
            maxSize: maxBytes,
            // An entry larger than the whole cache is refused rather than emptying it.
            maxEntrySize: maxBytes,
            sizeCalculation: (entry, key) => entry.body.size + key.length,
            dispose: (entry, key) => this.unindex(key, entry.tags),
          })
        : null;
  }

  /** Changes whenever something is dropped; a fill that saw another value is refused. */
  get epoch(): number {
    return this.dropCount;
  }

  /** Bytes held now (never above `maxBytes`). */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  get count(): number {
    return this.entries?.size ?? 0;
  }

  get(key: string): EncodedBody | undefined {
    return this.entries?.get(key)?.body;
  }

  /**
   * Keeps an answer under its key with the tags of what it shows. Refused (false) when the cache
   * is off, the entry is too big, or something was dropped since `epoch` was read.
   */
  set(key: string, body: EncodedBody, tags: readonly string[], epoch: number): boolean {
    if (!this.entries || epoch !== this.dropCount) return false;
    return this.store(this.entries, key, { body, tags });
  }

  private store(entries: LRUCache<string, StoredEntry>, key: string, stored: StoredEntry): boolean {
    entries.set(key, stored);
    if (entries.peek(key) !== stored) return false;
    for (const tag of stored.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    return true;
  }

  /**
   * The entry under `key` with its body in `encoding` too, for the clients that do not take brotli:
   * gzip (scripts, some crawlers) or none at all (bots, benchmarks). Made once, on the first such
   * request, from the bytes the entry holds, and kept in the entry, counted in the bound, rather
   * than made on every one. Brotli is asked of the entry as it is.
   */
  withBodyFor(key: string, body: EncodedBody, encoding: Encoding): EncodedBody {
    // A small body is held plain only, and sent plain to everyone.
    const missing =
      encoding === 'gzip'
        ? body.gzip === null && body.br !== null
        : encoding === 'identity' && body.identity === null;
    const plain = missing ? plainBody(body) : null;
    if (!plain) return body;
    const made = encoding === 'gzip' ? gzipSync(plain, { level: 6 }) : plain;
    const expanded: EncodedBody =
      encoding === 'gzip'
        ? { ...body, gzip: made, size: body.size + made.length }
        : { ...body, identity: made, size: body.size + made.length };
    const stored = this.entries?.peek(key);
    if (this.entries && stored?.body === body)
      this.store(this.entries, key, { body: expanded, tags: stored.tags });
    return expanded;
  }

  /**
   * Begins the fill of `key` by a request that missed it at `epoch`. Until `finish` is called, a
   * request missing the same key with nothing dropped since waits for this answer (`fillUnderWay`)
   * instead of reading and encoding it again: after a write, every reader of a topic asks for it
   * at once (its live event reaches them together), and each would otherwise render or read it.
   * With the cache off there is nothing to share: each request makes its own answer.
   */
  beginFill(key: string, epoch: number): FinishFill {
    if (!this.entries) return () => {};
    let settle: (answer: EncodedBody | undefined) => void = () => {};
    const fill: Fill = { epoch, answer: new Promise((resolve) => (settle = resolve)) };
    this.fills.set(key, fill);
    return (answer) => {
      settle(answer);
      if (this.fills.get(key) === fill) this.fills.delete(key);
    };
  }

  /**
   * The answer of a fill of `key` under way, begun with nothing dropped since (so it shows every
   * write this instance has answered); undefined when there is none. It may settle to undefined:
   * the filling request made nothing to share (an error, a personal answer); ask for it yourself.
   */
  fillUnderWay(key: string): Promise<EncodedBody | undefined> | undefined {
    const fill = this.fills.get(key);
    return fill?.epoch === this.dropCount ? fill.answer : undefined;
  }

  /** Drops every entry carrying one of the tags. */
  drop(tags: Iterable<string>): void {
    this.dropCount += 1;
    if (!this.entries) return;
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.entries.delete(key);
    }
  }

  /** Drops everything: a resync of the event bus, or a change no tag describes. */
  clear(): void {
    this.dropCount += 1;
    this.entries?.clear();
    this.keysByTag.clear();
  }

  /** Tags currently indexed, for tests of the index's own bound. */
  get tagCount(): number {
    return this.keysByTag.size;
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTag.delete(tag);
    }
  }
}
