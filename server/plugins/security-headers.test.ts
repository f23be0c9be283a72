import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { createHash } from 'node:crypto';
import { APP_LOADER_SCRIPT } from '../../shared/app-loader-script';
import { THEME_SCRIPT } from '../../shared/theme-script';
import { API_CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, securityHeaders } from './security';

function cspDirectives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describeEachDatabase(
  'production headers over https',
  (ctx) => {
    it('pins browsers to https and marks the XSRF cookie Secure', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/forums' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/);
    });
  },
  { config: { PUBLIC_URL: 'https://forum.example' } },
);

describeEachDatabase('production headers over http', (ctx) => {
  it('sends no HSTS and no Secure cookie on a plain-http site', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/forums' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('denies the browser features the forum does not use', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    const policy = String(response.headers['permissions-policy']);
    expect(policy).toBe(PERMISSIONS_POLICY);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it("sends a document's precomputed header set outside /api/, on answers and unknown paths alike", async () => {
    const expected = securityHeaders(false);
    expect(expected.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'permissions-policy',
      ]),
    );
    for (const url of ['/robots.txt', '/sitemap.xml', '/no/such/page.txt']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      for (const [name, value] of expected) expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it("sends an API answer's set under /api/, on answers, refusals, unknown routes and cache hits alike", async () => {
    // The document's headers, but a policy that lets nothing load or frame the answer, and no
    // Permissions-Policy (it governs documents only).
    const expected = securityHeaders(false)
      .filter(([name]) => name !== 'permissions-policy')
      .map(
        ([name, value]) =>
          [name, name === 'content-security-policy' ? API_CONTENT_SECURITY_POLICY : value] as const,
      );
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
    // /api/forums twice: the second answer is the guest cache's.
    for (const url of ['/api/forums', '/api/forums', '/api/topic/999999', '/api/no-such-route']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      for (const [name, value] of expected) expect(response.headers[name], `${url} ${name}`).toBe(value);
      expect(response.headers['permissions-policy'], url).toBeUndefined();
    }
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/topic', payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('allows no inline style element, only style attributes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp.get('style-src')).toBe("'self'");
    expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
  });

  it('allows the theme script and the app loader by their hashes and no other inline script', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    const csp = cspDirectives(response.headers['content-security-policy']);
    const hash = (script: string) => createHash('sha256').update(script).digest('base64');
    expect(csp.get('script-src')).toBe(
      `'self' 'sha256-${hash(THEME_SCRIPT)}' 'sha256-${hash(APP_LOADER_SCRIPT)}'`,
    );
    expect(csp.get('script-src')).not.toContain('unsafe-inline');
  });
});

describe('the client needs no inline style element', () => {
  /** Every client source file, to find what would add a <style> element at run time (tests aside: they feed hostile markup in). */
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : /\.(tsx?|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    );
  }

  it('has no <style> in its HTML or code, and keeps TipTap from injecting one', () => {
    const files = sources(join(import.meta.dirname, '../../client'));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/<style[\s>]|createElement\(['"]style['"]\)/);
      if (/useEditor\(/.test(text)) expect(text, file).toMatch(/injectCSS: false/);
    }
  });
});
