import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { APP_LOADER_SCRIPT } from '../../shared/app-loader-script';
import { THEME_SCRIPT } from '../../shared/theme-script';
import { apiError } from '../http-error';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of each response, computed at start (`securityHeaderSets`). */
    securityHeaders: SecurityHeaderSets;
  }
}

/** Headers as name and value pairs, names in lower case. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** The two sets of security headers, a document's and an API answer's, and which one a URL takes. */
export interface SecurityHeaderSets {
  document: HeaderList;
  api: HeaderList;
  for(url: string): HeaderList;
}

/** A fresh XSRF token for a browser that holds none. */
export function newXsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The XSRF cookie's attributes: one rule for the plugin's hook and for the guest cache's front door
 * (server/guest-cache/front-door.ts), which sets it on the hits it answers before Fastify.
 */
export function xsrfCookieOptions(secure: boolean) {
  return {
    path: '/',
    sameSite: 'strict',
    secure,
    // The page script reads it to echo it back, so it cannot be httpOnly.
    httpOnly: false,
  } as const;
}

const scriptSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The CSP sources of the only inline scripts that may run: the head's theme script
 * (shared/theme-script.ts) and the rendered pages' loader of the app (shared/app-loader-script.ts).
 */
export const THEME_SCRIPT_SOURCE = scriptSource(THEME_SCRIPT);
export const APP_LOADER_SOURCE = scriptSource(APP_LOADER_SCRIPT);

/**
 * Powerful features the forum never uses, denied to the page and to anything it embeds (only names
 * Chromium knows: an unknown one logs a console warning on every page, as 'ambient-light-sensor'
 * did; e2e/ssr.spec.ts fails on one). Clipboard and fullscreen are left alone.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Helmet's settings: a Content-Security-Policy that allows no inline script but the theme's and the
 * loader's, no inline style element but those given by hash (the server-rendered pages'
 * stylesheets, server/ssr/inline-styles.ts), and its other headers.
 */
function helmetOptions(httpsOnly: boolean, styleSources: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_SCRIPT_SOURCE, APP_LOADER_SOURCE],
        // No inline <style> element but the build's own stylesheets, by hash: TipTap's injected CSS
        // is off; the hidden ALTCHA widget's own style element is refused (logged, no visible
        // effect). Style attributes stay allowed: server-rendered React writes `style={}` as
        // attributes (e.g. the avatar's size), which only style-src-attr governs.
        styleSrc: ["'self'", ...styleSources],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only a site served over https may pin browsers to https.
    strictTransportSecurity: httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The security headers of a document, computed once at start: helmet writes them into a
 * recording response instead of building its whole policy again on each request (profiled at 5 %
 * of a list request), plus the Permissions-Policy.
 */
export function securityHeaders(httpsOnly: boolean, styleSources: readonly string[] = []): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  helmet(helmetOptions(httpsOnly, styleSources))(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  headers.set('permissions-policy', PERMISSIONS_POLICY);
  return [...headers];
}

/**
 * The Content-Security-Policy of an answer under /api/: JSON, an image or an event stream, never a
 * document that runs or shows anything, so nothing may load in it and nothing may frame it (as
 * OWASP's REST security cheat sheet has it). The document policy, 0.5 KB of script and style sources,
 * and the Permissions-Policy, which governs documents only, were 0.9 KB of every JSON answer's 1.3 KB
 * of headers; `X-Content-Type-Options: nosniff` still keeps a browser from reading one as a page.
 * A route may still set its own (the avatars' SVG does).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The document set and the API set (the document's, with the API policy and no Permissions-Policy). */
export function securityHeaderSets(httpsOnly: boolean): SecurityHeaderSets {
  const document = securityHeaders(httpsOnly);
  const api = document
    .filter(([name]) => name !== 'permissions-policy')
    .map(([name, value]) =>
      name === 'content-security-policy'
        ? ([name, API_CONTENT_SECURITY_POLICY] as const)
        : ([name, value] as const),
    );
  return { document, api, for: (url) => (url.startsWith('/api/') ? api : document) };
}

/** The Content-Security-Policy of a page that carries these inline stylesheets (CSP hash sources). */
export function pageContentSecurityPolicy(httpsOnly: boolean, styleSources: readonly string[]): string {
  return new Map(securityHeaders(httpsOnly, styleSources)).get('content-security-policy') ?? '';
}

/**
 * The security headers, and the double-submit forgery check of docs/product.md §7: every response
 * makes sure the browser holds an XSRF-TOKEN cookie, and every non-GET API call must echo it in the
 * X-XSRF-TOKEN header.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const httpsOnly = app.config.publicUrl.startsWith('https:');
  await app.register(cookie);
  const headers = securityHeaderSets(httpsOnly);
  app.decorate('securityHeaders', headers);
  // On the raw response, as helmet did: a hijacked reply (the event streams) carries them too.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers.for(request.url)) reply.raw.setHeader(name, value);
    done();
  });

  // A callback hook, not an async one: it runs on every request and is synchronous, so a promise
  // and a turn of the microtask queue would be all it added.
  app.addHook('onRequest', (request, reply, done) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(
        XSRF_COOKIE,
        newXsrfToken(),
        xsrfCookieOptions(httpsOnly || request.protocol === 'https'),
      );
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const headerToken = request.headers[XSRF_HEADER];
    if (typeof headerToken !== 'string' || !cookieToken || !sameToken(headerToken, cookieToken)) {
      return done(apiError('xsrf'));
    }
    done();
  });
});

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
