import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy';

export class ImageFetchError extends Error {
  override name = 'ImageFetchError';
}

export interface SafeFetchOptions {
  /** Whole download, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Decides which resolved addresses may be connected to; every one a host resolves to must pass. */
  allowAddress: (address: string) => boolean;
  /** How host names become addresses; the system resolver unless a test supplies one. */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

export const DEFAULT_FETCH_LIMITS = {
  timeoutMs: 5000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
} as const;

export function addressGuard(allowPrivateHosts: boolean): (address: string) => boolean {
  return allowPrivateHosts ? () => true : isPublicAddress;
}

const systemResolve = (host: string) => lookup(host, { all: true, verbatim: true });

const USER_AGENT = 'Mozilla/5.0 (compatible; forum-image-fetcher/1.0)';

/**
 * Downloads a URL with a guard against server-side request forgery: http and https only; the host
 * is resolved here and refused when any of its addresses is not allowed; the connection goes to
 * the address that was checked (no second DNS answer can swap in an internal one); every redirect
 * is checked the same way; the whole download has a deadline and a size cap.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = parseUrl(rawUrl);
  for (let hop = 0; ; hop += 1) {
    const address = await checkedAddress(url, options);
    if (signal.aborted) throw new ImageFetchError('timed out');
    const response = await request(url, address, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      if (hop >= options.maxRedirects) throw new ImageFetchError('too many redirects');
      url = parseUrl(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new ImageFetchError(`status ${status}`);
    }
    return readBody(response, options.maxBytes, signal);
  }
}

function parseUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new ImageFetchError('bad url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageFetchError('scheme not allowed');
  return url;
}

async function checkedAddress(url: URL, options: SafeFetchOptions) {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await (options.resolve ?? systemResolve)(host).catch(() => {
        throw new ImageFetchError('host not found');
      });
  const first = addresses[0];
  if (!first || addresses.some((entry) => !options.allowAddress(entry.address))) {
    throw new ImageFetchError('address not allowed');
  }
  return first;
}

function request(url: URL, address: { address: string; family: number }, signal: AbortSignal) {
  // Hands the socket the address that was checked instead of asking DNS again.
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup: pinnedLookup,
        signal,
        headers: { 'user-agent': USER_AGENT, accept: 'image/*' },
        agent: false,
      },
      resolve,
    );
    req.on('error', (error) =>
      reject(signal.aborted ? new ImageFetchError('timed out') : new ImageFetchError(error.message)),
    );
  });
}

function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new ImageFetchError('too large'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: ImageFetchError) => {
      response.destroy();
      reject(error);
    };
    signal.addEventListener('abort', () => fail(new ImageFetchError('timed out')), { once: true });
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(new ImageFetchError('too large'));
      else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (error) =>
      reject(signal.aborted ? new ImageFetchError('timed out') : new ImageFetchError(error.message)),
    );
  });
}
