// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../shared/errors';
import { ApiError, AUTH_TOKEN_KEY, apiFetch, onSessionEnded } from './api-client';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  onSessionEnded(null);
  localStorage.clear();
});

describe('apiFetch refusals', () => {
  it("keeps the catalogue's text for a plain code", async () => {
    vi.stubGlobal('fetch', answer(409, { error: 'last_admin', message: 'anything' }));
    const error = await apiFetch('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(ERRORS.last_admin.message);
  });

  it("shows the server's filled text of a template, with its fields beside it", async () => {
    const message = 'החשבון שלך הושעה עד 29/11/2026. סיבה: ספאם';
    vi.stubGlobal('fetch', answer(403, { error: 'suspended', message, until: 1, reason: 'ספאם' }));
    const error = (await apiFetch('/api/login').catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe('suspended');
    expect(error.message).toBe(message);
    expect(error.details.reason).toBe('ספאם');
  });

  it('says a session ended when a call that carried the stored token is answered 401', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    vi.stubGlobal('fetch', answer(401, { error: 'unauthorized' }));
    await apiFetch('/api/x').catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    await apiFetch('/api/x').catch(() => undefined);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
