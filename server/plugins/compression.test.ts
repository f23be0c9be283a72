import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ONE_CLIENT_FASTEST_UP_TO_BYTES, QUICK_BROTLI_QUALITY } from '../guest-cache/guest-cache';
import { describeEachDatabase } from '../test/databases';
import { createReply, createTopic, createUser } from '../test/factories';

/** A client directory as `vite build` leaves it: hashed assets with .br and .gz twins, a shell, an icon. */
function builtClient(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'compression-client-'));
  mkdirSync(path.join(dir, 'assets'));
  const script = `export const words = ${JSON.stringify('שלום עולם '.repeat(300))};\n`;
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  const shell = `<!doctype html><html lang="he" dir="rtl"><head><title>קהילה</title>${'<meta name="x" content="ממלא מקום">'.repeat(60)}</head><body><div id="root"></div></body></html>`;
  writeFileSync(path.join(dir, 'index.html'), shell);
  const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="1" cy="1" r="1"/>'.repeat(80)}</svg>`;
  writeFileSync(path.join(dir, 'favicon.svg'), icon);
  return dir;
}

function decode(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

describeEachDatabase('compression of every kind of answer', (ctx) => {
  let app: FastifyInstance;
  let clientDir: string;
  let topicId: number;
  let userId: number;

  beforeAll(async () => {
    const { user } = await createUser(ctx.db);
    userId = user.id;
    for (let i = 0; i < 12; i += 1) {
      await createTopic(ctx.db, {
        userId,
        forumId: 1,
        subject: `נושא ארוך למדי מספר ${i}`,
        now: ctx.clock.now(),
      });
    }
    topicId = (await createTopic(ctx.db, { userId, forumId: 1, now: ctx.clock.now() })).topic.id;
    for (let i = 0; i < 8; i += 1) {
      await createReply(ctx.db, {
        topicId,
        userId,
        content: `<p>${'תגובה ארוכה '.repeat(20)}</p>`,
        now: ctx.clock.now(),
      });
    }
    clientDir = builtClient();
    app = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false, clientDir });
    await app.ready();
  });

  afterAll(() => app?.close());

  const kinds = () => [
    { name: 'public JSON (cached)', url: `/api/topic/${topicId}`, type: 'application/json' },
    { name: 'JSON not cached', url: '/api/openapi.json', type: 'application/json' },
    { name: 'home page HTML', url: '/', type: 'text/html' },
    { name: 'topic page HTML', url: `/topic/${topicId}`, type: 'text/html' },
    { name: '404 page HTML', url: '/no/such/page', type: 'text/html', status: 404 },
    { name: 'Atom feed', url: '/feed.xml', type: 'application/atom+xml' },
    { name: 'streamed sitemap', url: '/sitemaps/topics-0.xml', type: 'application/xml' },
    { name: 'avatar SVG', url: `/api/avatars/${userId}.svg`, type: 'image/svg+xml' },
    { name: 'static SVG', url: '/favicon.svg', type: 'image/svg+xml' },
    { name: 'built script', url: '/assets/app-abc123.js', type: 'javascript' },
  ];

  it('serves each kind compressed when asked, and plain when not', async () => {
    for (const kind of kinds()) {
      const plain = await app.inject({ url: kind.url });
      expect(plain.statusCode, kind.name).toBe(kind.status ?? 200);
      expect(plain.headers['content-type'], kind.name).toContain(kind.type);
      expect(plain.headers['content-encoding'], kind.name).toBeUndefined();
      expect(plain.rawPayload.length, `${kind.name} is worth compressing`).toBeGreaterThan(1024);
      for (const [accept, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br, zstd', 'br'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const response = await app.inject({ url: kind.url, headers: { 'accept-encoding': accept } });
        expect(response.statusCode, kind.name).toBe(kind.status ?? 200);
        expect(response.headers['content-encoding'], `${kind.name} with ${accept}`).toBe(expected);
        if (expected) {
          expect(String(response.headers.vary).toLowerCase(), kind.name).toContain('accept-encoding');
          expect(response.rawPayload.length, kind.name).toBeLessThan(plain.rawPayload.length);
        }
        expect(decode(response), `${kind.name} with ${accept}`).toBe(plain.body);
      }
    }
  });

  it('compresses an answer made for one client at the quick brotli quality, whatever its size', async () => {
    // Not kept, so compressed while its client waits, by @fastify/compress; larger than the guest
    // cache's quick bound, and streamed.
    const plain = await app.inject({ url: '/api/openapi.json' });
    expect(plain.rawPayload.length).toBeGreaterThan(ONE_CLIENT_FASTEST_UP_TO_BYTES);
    const response = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    const atQuality = (quality: number) =>
      brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    expect(response.rawPayload.equals(atQuality(QUICK_BROTLI_QUALITY))).toBe(true);
    expect(response.rawPayload.equals(atQuality(4))).toBe(false);
  });

  it("sends the build's own .br and .gz files for a built asset", async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': encoding },
      });
      const file = path.join(clientDir, 'assets', `app-abc123.js.${encoding === 'br' ? 'br' : 'gz'}`);
      expect(response.rawPayload.equals(readFileSync(file))).toBe(true);
    }
  });

  it('refuses a compressed request body rather than inflating it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: gzipSync(JSON.stringify({ kind: 'page_view', path: '/' })),
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it('caches each answer the way it should', async () => {
    const control = async (url: string) => (await app.inject({ url })).headers['cache-control'];
    expect(await control('/assets/app-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(await control('/')).toBe('no-cache');
    expect(await control(`/topic/${topicId}`)).toBe('no-cache');
    expect(await control(`/api/topic/${topicId}`)).toBe('no-cache');
    expect(await control('/feed.xml')).toBe('no-cache');
    expect(await control('/api/openapi.json')).toBe('private, no-store');
  });
});
