import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

const XSRF = 'test-xsrf-token';

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Leave out the forgery-protection header, to test the 403. */
  withoutXsrf?: boolean;
}

/** Calls the API as the browser client does: JSON bodies, the XSRF cookie and header, a bearer token. */
export function apiClient(app: FastifyInstance) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    options: CallOptions = {},
  ) =>
    app.inject({
      method,
      url,
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: `XSRF-TOKEN=${XSRF}`,
        ...(options.withoutXsrf ? {} : { 'x-xsrf-token': XSRF }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });
  return {
    get: (url: string, options?: CallOptions) => call('GET', url, undefined, options),
    post: (url: string, body?: unknown, options?: CallOptions) => call('POST', url, body ?? {}, options),
    put: (url: string, body?: unknown, options?: CallOptions) => call('PUT', url, body ?? {}, options),
    delete: (url: string, options?: CallOptions, body?: unknown) => call('DELETE', url, body, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
