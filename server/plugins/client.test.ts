import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientRoute } from '../../shared/client-routes';
import { clientPlugin } from './client';

describe('isClientRoute (docs/product.md §2 paths)', () => {
  it.each([
    '/',
    '/forum/3',
    '/topic/120',
    '/edit-profile',
    '/search/שלום',
    '/search/',
    '/message-reports',
    '/moderation-log',
    '/unread',
    '/activate-user/abc.def',
    '/forgot-password/abc',
    '/policy',
    '/not-found',
    '/policy/',
    '/admin/forums',
    '/admin/site',
    '/admin/members',
    '/admin/members/12',
  ])('accepts %s', (pathname) => {
    expect(isClientRoute(pathname)).toBe(true);
  });

  it.each([
    '/page/not-found',
    '/forum/abc',
    '/topic/1/2',
    '/Contact',
    '/admin',
    '/admin/members/x',
    '/unread/1',
    '/forum',
    '/wp-login.php',
  ])('refuses %s', (pathname) => {
    expect(isClientRoute(pathname)).toBe(false);
  });
});

describe('the client plugin', () => {
  const app = Fastify({ logger: false });
  const dir = mkdtempSync(path.join(tmpdir(), 'client-plugin-'));
  beforeAll(async () => {
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="he" dir="rtl"><title>קהילה</title></html>',
    );
    await app.register(clientPlugin, { clientDir: dir });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves an asset built after start, cached for good', async () => {
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'export {};');
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers the home page with the app and 200', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('lang="he"');
  });

  it('answers a route with the app and 200', async () => {
    const response = await app.inject({ url: '/topic/5?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('lang="he"');
  });

  it('answers /page/not-found and unknown paths with the app and a real 404', async () => {
    for (const url of ['/page/not-found', '/no/such/page']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('dir="rtl"');
    }
  });
});

describe('the client plugin with a server-render bundle', () => {
  const app = Fastify({ logger: false });
  const root = mkdtempSync(path.join(tmpdir(), 'client-render-'));
  const clientDir = path.join(root, 'client');
  const loads = () => (globalThis as { renderBundleLoads?: number }).renderBundleLoads ?? 0;
  beforeAll(async () => {
    mkdirSync(clientDir);
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="he" dir="rtl"><head><title>קהילה</title></head><body><div id="root"></div></body></html>',
    );
    // Where `npm run build:render` puts the bundle, beside the client; it counts its own loading.
    mkdirSync(path.join(root, 'server-render'));
    writeFileSync(path.join(root, 'server-render', 'package.json'), '{"type": "module"}');
    writeFileSync(
      path.join(root, 'server-render', 'entry-server.js'),
      `globalThis.renderBundleLoads = (globalThis.renderBundleLoads ?? 0) + 1;
export const serverEntry = {
  pageQueries: () => [],
  render: async (url) => ({ head: '', html: '<p>rendered ' + url + '</p>', state: '{}', pageModule: null }),
};`,
    );
    app.decorate('config', { publicUrl: 'http://localhost:3000' } as FastifyInstance['config']);
    await app.register(clientPlugin, { clientDir });
    await app.ready();
  });
  afterAll(() => app.close());

  it('loads the bundle with the first page rather than at start, renders that page, and loads it once', async () => {
    expect(loads()).toBe(0);
    const [home, forum] = await Promise.all([app.inject({ url: '/' }), app.inject({ url: '/forum/2' })]);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"><p>rendered /</p></div>');
    expect(forum.body).toContain('<div id="root"><p>rendered /forum/2</p></div>');
    expect(loads()).toBe(1);
  });
});
