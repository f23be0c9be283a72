import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { guestCacheFrontDoor } from './front-door';
import { encodeBody, GuestCache } from './guest-cache';
import { type PageRenderer, pageKey } from './pages';
import { securityHeaderSets } from '../plugins/security';

/** A page renderer that only says which build it knows now. */
function rendererKnowing(version: string | undefined): PageRenderer {
  return {
    version: async () => version ?? 'checking',
    knownVersion: () => version,
    render: async () => ({ body: '', status: 200 }),
  };
}

/** What the front door wrote, if it answered. */
function recordingResponse() {
  const written: { status?: number; body?: unknown } = {};
  const response = {
    writeHead: (status: number) => {
      written.status = status;
      return response;
    },
    end: (body: unknown) => {
      written.body = body;
    },
  };
  return { written, response: response as unknown as ServerResponse };
}

const request = (url: string) =>
  ({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'br', cookie: 'XSRF-TOKEN=x' },
    socket: {},
  }) as unknown as IncomingMessage;

/** A front door over `cache` as the plugin builds one, with a test's renderer and hand-off. */
function doorOver(
  cache: GuestCache,
  options: { renderer: PageRenderer | null; closing?: boolean; passOn?: (request: IncomingMessage) => void },
) {
  return guestCacheFrontDoor({
    cache,
    securityHeaders: securityHeaderSets(false),
    httpsOnly: false,
    trustProxy: false,
    parseCookie: (header) => Object.fromEntries(header.split('; ').map((pair) => pair.split('='))),
    serializeCookie: (name, value) => `${name}=${value}`,
    pages: () => options.renderer,
    closing: () => options.closing ?? false,
    passOn: (request) => options.passOn?.(request),
  });
}

describe('guest cache front door: what it leaves to Fastify', () => {
  const cache = new GuestCache(1024 * 1024);
  const html = `<!doctype html><p>${'שלום '.repeat(500)}</p>`;
  cache.set(pageKey('/topic/1'), encodeBody(html, { contentType: 'text/html', version: 'build-1' }), [], 0);
  const door = (renderer: PageRenderer | null, closing = false) => doorOver(cache, { renderer, closing });

  it('answers a kept page only of the build its renderer knows now', () => {
    const served = recordingResponse();
    expect(door(rendererKnowing('build-1'))(request('/topic/1'), served.response)).toBe(true);
    expect(served.written.status).toBe(200);
    // Another build's page, a build not checked lately, or no renderer: the page route decides.
    for (const renderer of [rendererKnowing('build-2'), rendererKnowing(undefined), null]) {
      const left = recordingResponse();
      expect(door(renderer)(request('/topic/1'), left.response)).toBe(false);
      expect(left.written.status).toBeUndefined();
    }
  });

  it('answers nothing once the server is closing, so Fastify answers 503', () => {
    const left = recordingResponse();
    expect(door(rendererKnowing('build-1'), true)(request('/topic/1'), left.response)).toBe(false);
    expect(left.written.status).toBeUndefined();
  });
});

describe('guest cache front door: a miss while its answer is being made', () => {
  const html = `<!doctype html><p>${'שלום '.repeat(500)}</p>`;
  const json = JSON.stringify({ text: 'שלום '.repeat(300) });
  /** A JSON answer and a page being made, and a reader of each who missed it at the door. */
  const readersWaiting = () => {
    const cache = new GuestCache(1024 * 1024);
    const passedOn: string[] = [];
    const door = doorOver(cache, {
      renderer: rendererKnowing('build-1'),
      passOn: (request) => passedOn.push(request.url ?? ''),
    });
    const finishJson = cache.beginFill('/api/topic/1', cache.epoch);
    const finishPage = cache.beginFill(pageKey('/topic/1'), cache.epoch);
    const jsonReader = recordingResponse();
    const pageReader = recordingResponse();
    expect(door(request('/api/topic/1'), jsonReader.response)).toBe(true);
    expect(door(request('/topic/1'), pageReader.response)).toBe(true);
    return { finishJson, finishPage, jsonReader, pageReader, passedOn };
  };
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('waits for the fill and answers with what it made, JSON and page', async () => {
    const { finishJson, finishPage, jsonReader, pageReader, passedOn } = readersWaiting();
    await settled();
    expect(jsonReader.written.status).toBeUndefined();
    finishJson(encodeBody(json, { contentType: 'application/json' }));
    finishPage(encodeBody(html, { contentType: 'text/html', version: 'build-1' }));
    await settled();
    expect(jsonReader.written.status).toBe(200);
    expect(pageReader.written.status).toBe(200);
    expect(passedOn).toEqual([]);
  });

  it('passes the request on to Fastify when the fill made nothing to share, or another build', async () => {
    const { finishJson, finishPage, jsonReader, pageReader, passedOn } = readersWaiting();
    finishJson(undefined);
    finishPage(encodeBody(html, { contentType: 'text/html', version: 'build-2' }));
    await settled();
    expect(passedOn).toEqual(['/api/topic/1', '/topic/1']);
    expect(jsonReader.written.status).toBeUndefined();
    expect(pageReader.written.status).toBeUndefined();
  });

  it('leaves a page to Fastify when no build is known, and a miss with no fill under way', () => {
    const cache = new GuestCache(1024 * 1024);
    const door = doorOver(cache, { renderer: rendererKnowing(undefined) });
    cache.beginFill(pageKey('/topic/1'), cache.epoch);
    expect(door(request('/topic/1'), recordingResponse().response)).toBe(false);
    expect(door(request('/api/topic/2'), recordingResponse().response)).toBe(false);
  });
});
