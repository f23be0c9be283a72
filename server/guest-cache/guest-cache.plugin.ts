import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { subscribe } from '../events';
import { encodeAnswer, type FinishFill, GuestCache } from './guest-cache';
import {
  CACHE_CONTROL_PERSONAL,
  CACHE_CONTROL_PUBLIC,
  cachedAnswer,
  negotiateEncoding,
  sharedAnswer,
  writeEncoded,
} from './http';
import { ALL, cacheTags, tagsForEvent } from './invalidation';
import { guestCacheFrontDoor } from './front-door';
import { type PageRenderer, sendCachedPage } from './pages';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public answers kept in memory; the client plugin keeps pages in it too. */
    guestCache: GuestCache;
  }
}

type RouteParams = Partial<Record<string, string>>;
const idOf = (value: string | undefined) => Number(value);

/**
 * The answers the cache keeps, by route pattern, with the tags of what each shows. Each of them is
 * the same for every visitor: none reads `request.user`, and none carries a personal field (likes
 * are lists of user ids, the same for all). A route whose answer depends on who asks must never be
 * listed here: the auth plugin looks up no session for these (its `request.user` stays null).
 */
export const PUBLIC_ROUTES: Readonly<Record<string, (params: RouteParams) => string[]>> = {
  '/api/home': () => [cacheTags.home],
  '/api/home/more/:timestamp': () => [cacheTags.home],
  '/api/forum/:forumId': (params) => [cacheTags.forum(idOf(params.forumId))],
  '/api/forum/:forumId/more/:timestamp': (params) => [cacheTags.forum(idOf(params.forumId))],
  '/api/topic/:topicId': (params) => [cacheTags.topic(idOf(params.topicId))],
  '/api/topic/:topicId/more/:lastMessageId': (params) => [cacheTags.topic(idOf(params.topicId))],
  '/api/topic/:topicId/at/:messageId': (params) => [cacheTags.topic(idOf(params.topicId))],
  '/api/forums': () => [cacheTags.forums],
  '/api/recommendations/:id': () => [cacheTags.recommendations],
  '/feed.xml': () => [cacheTags.home, cacheTags.forums],
  '/forum/:forumId/feed.xml': (params) => [cacheTags.forum(idOf(params.forumId)), cacheTags.forums],
};

/** A read: a GET, or a HEAD, which Fastify answers with the GET's handler and the same headers. */
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** The tags of a read of a public route (PUBLIC_ROUTES); undefined for any other request. */
export function publicRead(request: FastifyRequest): ((params: RouteParams) => string[]) | undefined {
  const url = request.routeOptions.url ?? '';
  return isRead(request) && Object.hasOwn(PUBLIC_ROUTES, url) ? PUBLIC_ROUTES[url] : undefined;
}

/** A request on a public route that missed the cache: where and under what its answer goes. */
interface Fill {
  key: string;
  tags: string[];
  epoch: number;
  /** Only a guest's request fills: a logged-in one reads the public answer but never writes one. */
  mayStore: boolean;
  /** Ends the fill the requests missing the same key meanwhile wait for (a guest's only). */
  finish: FinishFill;
}

const noFillToShare: FinishFill = () => {};

const fills = new WeakMap<FastifyRequest, Fill>();

/** The cache key of a request: its path, without the query (no public route reads one). */
export function cacheKey(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? request.url;
}

function isPersonal(reply: FastifyReply): boolean {
  const control = String(reply.getHeader('cache-control') ?? '');
  return /\b(private|no-store)\b/.test(control);
}

/**
 * The guest cache over HTTP. Public GET answers are served from memory with an ETag (304 when the
 * client's copy is current) in the encoding the client accepts; a miss is answered by the route,
 * and its answer stored on the way out. Every event a write publishes drops the entries it makes
 * stale, synchronously, so before the write's own response is sent.
 *
 * Register it before the auth plugin: a hit then costs no session lookup. It must also come before
 * @fastify/compress, whose per-route onSend hook then finds the body already encoded. The pages
 * (routes whose config names a `guestPage`) are answered from here too when the cache holds them;
 * a miss goes on to the route, which renders and stores the page (pages.ts).
 */
export const guestCachePlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      maxBytes: number;
      /** Answer hits before Fastify (front-door.ts); off only to compare with Fastify's own answer. */
      frontDoor?: boolean;
      /** Told of each hit the front door answers (tests). */
      onFrontDoorHit?: () => void;
    },
  ) => {
    const cache = new GuestCache(options.maxBytes);
    app.decorate('guestCache', cache);
    // A resync (the event connection was lost, events may have been missed) drops everything.
    const stop = subscribe(app.db, (message) => {
      const tags = message.kind === 'resync' ? ALL : tagsForEvent(message.event);
      if (tags === ALL) cache.clear();
      else cache.drop(tags);
    });
    app.addHook('onClose', async () => stop());

    // Hits are answered in front of Fastify's own request listener (front-door.ts); a miss goes on to
    // it unchanged. Fastify's per-request log lines are not written for these: at `info` one line per
    // hit is, without Fastify's request id (the bench runs at `warn`, where nothing is).
    const pageRenderers = new Set<PageRenderer>();
    app.addHook('onRoute', (route) => {
      const page = route.config?.guestPage;
      if (page) pageRenderers.add(page.renderer);
    });
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    const [fastifyListener] = app.server.listeners('request') as RequestListener[];
    if (options.frontDoor !== false && fastifyListener) {
      const front = guestCacheFrontDoor({
        cache,
        securityHeaders: app.securityHeaders,
        httpsOnly: app.config.publicUrl.startsWith('https:'),
        trustProxy: app.config.trustProxy,
        parseCookie: (header) => app.parseCookie(header),
        serializeCookie: (name, value, cookieOptions) => app.serializeCookie(name, value, cookieOptions),
        // Every page route shares one renderer; were there several, pages would be left to Fastify.
        pages: () => (pageRenderers.size === 1 ? ([...pageRenderers][0] ?? null) : null),
        closing: () => closing,
        passOn: fastifyListener,
        onHit: (request, status) => {
          options.onFrontDoorHit?.();
          app.log.info({ method: request.method, url: request.url, statusCode: status }, 'guest cache hit');
        },
      });
      app.server.removeListener('request', fastifyListener);
      app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        if (!front(request, response)) fastifyListener(request, response);
      });
    }

    // Callback hooks rather than async ones: every request passes through them, and most leave at
    // once; a promise and a turn of the microtask queue apiece showed in the profile of a cached hit.
    app.addHook('onRequest', (request, reply, done) => {
      // A HEAD is answered as its GET would be, headers and all (RFC 9110 §9.3.2), but never fills.
      if (!isRead(request)) return done();
      const page = request.routeOptions.config.guestPage;
      if (page) {
        sendCachedPage(request, reply, page, cache).then((sent) => {
          if (!sent) done();
        }, done);
        return;
      }
      const tagsOf = publicRead(request);
      if (!tagsOf) return done();
      const key = cacheKey(request);
      const hit = cachedAnswer(cache, key, request.headers['accept-encoding']);
      if (hit) {
        reply.send(writeEncoded(request, reply, hit));
        return;
      }
      const fill = () => {
        const epoch = cache.epoch;
        const mayStore = request.method === 'GET' && request.headers.authorization === undefined;
        const finish = mayStore ? cache.beginFill(key, epoch) : noFillToShare;
        // Whatever becomes of the answer (an error, a closed connection), the waiters are let go.
        if (mayStore) reply.raw.once('close', () => finish(undefined));
        fills.set(request, { key, tags: tagsOf(request.params as RouteParams), epoch, mayStore, finish });
        done();
      };
      const underWay = cache.fillUnderWay(key);
      if (!underWay) return fill();
      underWay.then((shared) => {
        if (!shared) return fill();
        reply.send(
          writeEncoded(request, reply, sharedAnswer(cache, key, shared, request.headers['accept-encoding'])),
        );
      }, done);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const fill = fills.get(request);
      if (!fill) {
        if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
          reply.header('cache-control', CACHE_CONTROL_PERSONAL);
        }
        return done(null, payload);
      }
      fills.delete(request);
      if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
        fill.finish(undefined);
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', CACHE_CONTROL_PUBLIC);
        return done(null, payload);
      }
      // An answer that will not be kept is encoded only the way this client takes it.
      const store = fill.mayStore && !isPersonal(reply);
      const client = negotiateEncoding(request.headers['accept-encoding']);
      encodeAnswer(payload, {
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        only: store ? undefined : client,
        client,
      }).then(
        (entry) => {
          if (store) cache.set(fill.key, entry, fill.tags, fill.epoch);
          // Shared even when a write overtook it and the cache refused it: those waiting asked
          // before that write's drop, as a hit of the entry it dropped would have answered them.
          fill.finish(store ? entry : undefined);
          done(null, writeEncoded(request, reply, entry));
        },
        (error: Error) => {
          fill.finish(undefined);
          done(error);
        },
      );
    });
  },
  { name: 'guest-cache' },
);
