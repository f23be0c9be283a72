import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ForumEvent } from '../events';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import {
  bodyFor,
  brotliWindowBits,
  encodeAnswer,
  encodeBody,
  GuestCache,
  ONE_CLIENT_FASTEST_UP_TO_BYTES,
} from './guest-cache';
import { etagMatches, negotiateEncoding } from './http';
import { tagsForEvent } from './invalidation';

const json = (text: string) => encodeBody(text, { contentType: 'application/json; charset=utf-8' });

describe('GuestCache', () => {
  it('drops exactly the entries carrying a dropped tag', () => {
    const cache = new GuestCache(1024 * 1024);
    cache.set('/a', json('"a"'), ['topic:1', 'home'], cache.epoch);
    cache.set('/b', json('"b"'), ['topic:2'], cache.epoch);
    cache.set('/c', json('"c"'), ['forum:1'], cache.epoch);
    cache.drop(['home', 'forum:9']);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
    cache.clear();
    expect(cache.count).toBe(0);
    expect(cache.tagCount).toBe(0);
  });

  it('refuses a fill that began before a drop: a read racing a write never stores the old answer', () => {
    const cache = new GuestCache(1024 * 1024);
    const seen = cache.epoch;
    cache.drop(['topic:1']);
    expect(cache.set('/a', json('"old"'), ['topic:1'], seen)).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.set('/a', json('"new"'), ['topic:1'], cache.epoch)).toBe(true);
  });

  it('holds no more bytes than its bound, evicting the least recently used, and forgets their tags', () => {
    const cache = new GuestCache(20_000);
    const body = json(JSON.stringify('x'.repeat(500)));
    for (let n = 0; n < 1000; n += 1) {
      cache.set(`/p/${n}`, body, [`topic:${n}`], cache.epoch);
      if (n === 5) cache.get('/p/0');
      expect(cache.bytes).toBeLessThanOrEqual(20_000);
    }
    expect(cache.get('/p/999')).toBeDefined();
    expect(cache.get('/p/1')).toBeUndefined();
    expect(cache.tagCount).toBe(cache.count);
    expect(cache.set('/huge', json(randomBytes(30_000).toString('base64')), [], cache.epoch)).toBe(false);
  });

  it('replacing an entry re-tags it', () => {
    const cache = new GuestCache(100_000);
    cache.set('/a', json('1'), ['topic:1'], cache.epoch);
    cache.set('/a', json('2'), ['topic:2'], cache.epoch);
    cache.drop(['topic:1']);
    expect(cache.get('/a')).toBeDefined();
    cache.drop(['topic:2']);
    expect(cache.get('/a')).toBeUndefined();
  });
});

describe('fills under way', () => {
  it('lets the requests that miss a key while it is being filled wait for that answer', async () => {
    const cache = new GuestCache(1024 * 1024);
    expect(cache.fillUnderWay('/a')).toBeUndefined();
    const finish = cache.beginFill('/a', cache.epoch);
    const waiting = [cache.fillUnderWay('/a'), cache.fillUnderWay('/a')];
    expect(cache.fillUnderWay('/b')).toBeUndefined();
    const answer = json('"a"');
    finish(answer);
    finish(json('"late"'));
    expect(await Promise.all(waiting)).toEqual([answer, answer]);
    expect(cache.fillUnderWay('/a')).toBeUndefined();
  });

  it('shares no fill begun before a drop: a request after a write reads for itself', async () => {
    const cache = new GuestCache(1024 * 1024);
    const finishOld = cache.beginFill('/a', cache.epoch);
    const joined = cache.fillUnderWay('/a');
    cache.drop(['topic:9']);
    expect(cache.fillUnderWay('/a')).toBeUndefined();
    // The fill begun after the drop is the one shared; the older one ending does not end it.
    const finishNew = cache.beginFill('/a', cache.epoch);
    const old = json('"old"');
    finishOld(old);
    expect(await joined).toBe(old);
    const waiting = cache.fillUnderWay('/a');
    expect(waiting).toBeDefined();
    const fresh = json('"new"');
    finishNew(fresh);
    expect(await waiting).toBe(fresh);
  });

  it('lets the waiters go empty-handed when the fill made nothing to share', async () => {
    const cache = new GuestCache(1024 * 1024);
    const finish = cache.beginFill('/a', cache.epoch);
    const waiting = cache.fillUnderWay('/a');
    finish(undefined);
    expect(await waiting).toBeUndefined();
    expect(cache.fillUnderWay('/a')).toBeUndefined();
  });

  it('shares nothing when the cache is off', () => {
    const cache = new GuestCache(0);
    cache.beginFill('/a', cache.epoch);
    expect(cache.fillUnderWay('/a')).toBeUndefined();
  });
});

describe('bodies for clients that do not take brotli', () => {
  it('makes the plain body once, keeps it in the bound, and keeps the entry droppable', () => {
    const cache = new GuestCache(1024 * 1024);
    const text = JSON.stringify({ text: 'שלום '.repeat(1000) });
    cache.set('/a', json(text), ['topic:1'], cache.epoch);
    const before = cache.bytes;
    const stored = cache.get('/a');
    if (!stored) throw new Error('not stored');
    expect(cache.withBodyFor('/a', stored, 'br')).toBe(stored);
    const plain = cache.withBodyFor('/a', stored, 'identity');
    expect(plain.identity?.toString()).toBe(text);
    expect(cache.get('/a')).toBe(plain);
    expect(cache.bytes).toBe(before + Buffer.byteLength(text));
    expect(cache.withBodyFor('/a', plain, 'identity')).toBe(plain);
    cache.drop(['topic:1']);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.tagCount).toBe(0);
  });

  it('makes gzip once, on the first request that takes gzip and not brotli, and keeps it', () => {
    const cache = new GuestCache(1024 * 1024);
    const text = JSON.stringify({ text: 'שלום '.repeat(1000) });
    cache.set('/a', json(text), ['topic:1'], cache.epoch);
    const stored = cache.get('/a');
    if (!stored) throw new Error('not stored');
    // Kept in brotli only: gzip beside it cost most of a fill's compression for few clients.
    expect(stored.gzip).toBeNull();
    const before = cache.bytes;
    const zipped = cache.withBodyFor('/a', stored, 'gzip');
    expect(gunzipSync(zipped.gzip ?? Buffer.alloc(0)).toString()).toBe(text);
    expect(bodyFor(zipped, 'gzip').encoding).toBe('gzip');
    expect(cache.get('/a')).toBe(zipped);
    expect(cache.bytes).toBe(before + (zipped.gzip?.length ?? 0));
    expect(cache.withBodyFor('/a', zipped, 'gzip')).toBe(zipped);
    // A small body is held plain and sent plain to every client.
    const small = json('{"a":1}');
    expect(cache.withBodyFor('/b', small, 'gzip')).toBe(small);
  });
});

describe('encodeBody', () => {
  it('keeps small bodies plain and large ones only compressed, and gives every encoding back', () => {
    const small = json('{"a":1}');
    expect(small.gzip).toBeNull();
    expect(bodyFor(small, 'br')).toEqual({ encoding: 'identity', body: Buffer.from('{"a":1}') });
    const text = JSON.stringify({ text: 'שלום '.repeat(1000) });
    const large = json(text);
    expect(large.identity).toBeNull();
    expect(bodyFor(large, 'br').encoding).toBe('br');
    // Kept in brotli only; a client that does not take it gets the plain body until the cache has
    // made gzip (GuestCache.withBodyFor).
    expect(large.gzip).toBeNull();
    expect(bodyFor(large, 'gzip')).toEqual({ encoding: 'identity', body: Buffer.from(text) });
    expect(bodyFor(large, 'identity').body.toString()).toBe(text);
    const forGzipClient = encodeBody(text, { contentType: 'application/json', client: 'gzip' });
    expect(bodyFor(forGzipClient, 'gzip').encoding).toBe('gzip');
    expect(large.etag).toBe(json(text).etag);
    expect(large.etag).not.toBe(json(`${text} `).etag);
  });

  it('encodes an answer that is not kept only the way its client takes it', () => {
    const text = JSON.stringify({ text: 'שלום '.repeat(1000) });
    const contentType = 'application/json; charset=utf-8';
    const plain = encodeBody(text, { contentType, only: 'identity' });
    expect([plain.gzip, plain.br]).toEqual([null, null]);
    expect(bodyFor(plain, 'identity').body.toString()).toBe(text);
    const gzip = encodeBody(text, { contentType, only: 'gzip' });
    expect(gzip.br).toBeNull();
    expect(bodyFor(gzip, 'gzip').encoding).toBe('gzip');
    const br = encodeBody(text, { contentType, only: 'br' });
    expect(br.gzip).toBeNull();
    expect(bodyFor(br, 'br').encoding).toBe('br');
    expect(plain.etag).toBe(json(text).etag);
  });
});

describe('the brotli quality of an answer', () => {
  /** Brotli of `body` as encodeBody's settings make it, at `quality`. */
  const brotliAt = (body: Buffer, quality: number) =>
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      },
    });
  /** JSON of about `bytes` bytes that brotli's qualities 1, 3 and 5 each compress differently. */
  const answerOf = (bytes: number) => {
    const messages: string[] = [];
    for (let index = 0; Buffer.byteLength(JSON.stringify(messages)) < bytes; index += 1)
      messages.push(`הודעה ${index.toString(36)} ${'שלום עולם '.repeat(index % 7)}${index * 7919}`);
    return Buffer.from(JSON.stringify(messages));
  };

  const limit = ONE_CLIENT_FASTEST_UP_TO_BYTES;
  it.each([
    { name: 'a few KB made for one client', bytes: 4_000, only: 'br', quality: 1 },
    { name: 'the largest made fastest', bytes: limit - 200, only: 'br', quality: 1 },
    { name: 'a larger one made for one client', bytes: limit + 1, only: 'br', quality: 3 },
    { name: 'a page made for one client', bytes: 40_000, only: 'br', quality: 3 },
    { name: 'a few KB to keep', bytes: 4_000, only: undefined, quality: 5 },
    { name: 'a page to keep', bytes: 40_000, only: undefined, quality: 5 },
  ] as const)('compresses $name at quality $quality', ({ bytes, only, quality }) => {
    const body = answerOf(bytes);
    expect(body.length <= limit).toBe(bytes < limit);
    const made = encodeBody(body, { contentType: 'application/json', only }).br ?? Buffer.alloc(0);
    expect(Buffer.compare(made, brotliAt(body, quality))).toBe(0);
    // The qualities do differ for this body, so the comparison above tells them apart.
    for (const other of [1, 3, 5].filter((candidate) => candidate !== quality))
      expect(Buffer.compare(made, brotliAt(body, other))).not.toBe(0);
  });
});

describe('encodeBody across window sizes', () => {
  it.each([1024, 65_520, 65_521, 5_000_000])(
    'compresses a body of %i bytes to brotli that decodes back to it',
    (bytes) => {
      // Text that does not repeat within a window, so a window too small would lose references.
      let text = '';
      for (let index = 0; text.length < bytes; index += 1) text += `${index.toString(36)}א `;
      const body = Buffer.from(text).subarray(0, bytes);
      for (const only of [undefined, 'br'] as const) {
        const encoded = encodeBody(body, { contentType: 'text/plain', only });
        expect(encoded.br).not.toBeNull();
        expect(Buffer.compare(brotliDecompressSync(encoded.br ?? Buffer.alloc(0)), body)).toBe(0);
      }
    },
    30_000,
  );
});

describe('encodeAnswer', () => {
  it('encodes as encodeBody does, kept (compressed off the event loop) or sent once', async () => {
    const text = `<!doctype html><p>${'שלום עולם '.repeat(800)}</p>`;
    const contentType = 'text/html; charset=utf-8';
    const cases = [
      { only: undefined, client: 'br' },
      { only: undefined, client: 'gzip' },
      { only: 'br' },
      { only: 'gzip' },
      { only: 'identity' },
    ] as const;
    for (const options of cases) {
      const onLoop = encodeBody(text, { contentType, ...options, status: 404, version: 'v1' });
      const offLoop = await encodeAnswer(text, {
        contentType,
        ...options,
        status: 404,
        version: 'v1',
      });
      expect({ ...offLoop, gzip: null, br: null, size: 0 }).toEqual({
        ...onLoop,
        gzip: null,
        br: null,
        size: 0,
      });
      expect([offLoop.gzip === null, offLoop.br === null]).toEqual([
        onLoop.gzip === null,
        onLoop.br === null,
      ]);
      if (offLoop.gzip) expect(gunzipSync(offLoop.gzip).toString()).toBe(text);
      if (offLoop.br) expect(brotliDecompressSync(offLoop.br).toString()).toBe(text);
    }
    const small = await encodeAnswer('"a"', { contentType: 'application/json' });
    expect([small.identity?.toString(), small.gzip, small.br]).toEqual(['"a"', null, null]);
  });
});

describe('negotiateEncoding and etagMatches', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
  ])('Accept-Encoding %s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('compares ETags weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('tagsForEvent', () => {
  const cases: [ForumEvent, string[]][] = [
    [{ type: 'topic.created', topicId: 5, forumId: 2 }, ['topic:5', 'home', 'forum:2', 'recs']],
    [{ type: 'topic.deleted', topicId: 5, forumId: 2 }, ['topic:5', 'home', 'forum:2', 'recs']],
    [{ type: 'topic.updated', topicId: 5, forumId: 2 }, ['topic:5', 'home', 'forum:2', 'recs']],
    [
      { type: 'topic.moved', topicId: 5, forumId: 3, fromForumId: 2 },
      ['topic:5', 'home', 'forum:3', 'recs', 'forum:2'],
    ],
    [
      { type: 'message.created', messageId: 9, topicId: 5, forumId: 2 },
      ['topic:5', 'home', 'forum:2', 'recs'],
    ],
    [
      { type: 'message.deleted', messageId: 9, topicId: 5, forumId: 2 },
      ['topic:5', 'home', 'forum:2', 'recs'],
    ],
    [{ type: 'message.updated', messageId: 9, topicId: 5, forumId: 2 }, ['topic:5']],
    [
      { type: 'message.updated', messageId: 5, topicId: 5, forumId: 2 },
      ['topic:5', 'home', 'forum:2', 'recs'],
    ],
    [{ type: 'message.liked', messageId: 9, topicId: 5, forumId: 2 }, ['topic:5']],
  ];
  it.each(cases)('%o drops %o', (event, tags) => {
    expect(tagsForEvent(event)).toEqual(tags);
  });
});
