import { ERRORS, errorMessage } from '../../shared/errors';
import type { ErrorBody } from '../../shared/schemas/common';

export const AUTH_TOKEN_KEY = 'authToken';

/** A failed API call: the HTTP status (0 for a network failure), the error code and its catalogue text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's other fields, e.g. `until` and `reason` of a suspension. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Called when a request that carried a token is answered 401: the session ended on the server. */
let handleSessionEnded: (() => void) | null = null;

/** The app says what a session ended on the server means (log out locally, say so). */
export function onSessionEnded(handler: (() => void) | null): void {
  handleSessionEnded = handler;
}

/**
 * The text to show for a refusal: the catalogue's, except where its text is a template the server
 * filled (a suspension's date and reason), where the server's filled text is the one to show.
 */
function refusalText(body: Partial<ErrorBody> | null): string {
  const text = errorMessage(body?.error);
  if (text.includes('{') && typeof body?.message === 'string' && body.message) return body.message;
  return text;
}

function storedToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * Calls the forum API: JSON in and out, the stored bearer token, and on non-GET calls the
 * X-XSRF-TOKEN header read from the cookie (docs/product.md §7).
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = init.token ?? storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network', ERRORS.internal.message);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as
      | (Partial<ErrorBody> & Record<string, unknown>)
      | null;
    if (response.status === 401 && token && token === storedToken()) handleSessionEnded?.();
    throw new ApiError(response.status, body?.error ?? 'unknown', refusalText(body), body ?? {});
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
