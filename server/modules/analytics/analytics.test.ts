import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { ANALYTICS_LIMIT_PER_MINUTE } from './analytics.service';

describeEachDatabase('POST /api/analytics', (ctx) => {
  const rows = () => ctx.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();

  it('stores a guest page view with its path and time, and no user', async () => {
    const before = (await rows()).length;
    const response = await apiClient(ctx.app).post('/api/analytics', {
      kind: 'page_view',
      path: '/topic/12',
    });
    expect(response.statusCode).toBe(204);
    const stored = (await rows()).slice(before);
    expect(stored).toEqual([
      expect.objectContaining({
        kind: 'page_view',
        name: null,
        path: '/topic/12',
        user_id: null,
        created_at: ctx.clock.now(),
      }),
    ]);
  });

  it('stores an event with its label and the logged-in user', async () => {
    const { user, token } = await createUser(ctx.db);
    const response = await apiClient(ctx.app).post(
      '/api/analytics',
      { kind: 'event', path: '/search/שלום', name: 'search', label: 'שלום' },
      { token },
    );
    expect(response.statusCode).toBe(204);
    expect((await rows()).at(-1)).toMatchObject({
      kind: 'event',
      name: 'search',
      label: 'שלום',
      user_id: user.id,
    });
  });

  it.each([
    ['an unknown event', { kind: 'event', path: '/', name: 'hack_the_planet' }],
    ['an unknown kind', { kind: 'click', path: '/' }],
    ['a path that is not a path', { kind: 'page_view', path: 'https://evil.example/' }],
    ['a path that is too long', { kind: 'page_view', path: `/${'א'.repeat(400)}` }],
    ['an unknown field', { kind: 'page_view', path: '/', ip: '1.2.3.4' }],
    ['a label on a page view', { kind: 'page_view', path: '/', label: 'x' }],
  ])('refuses %s with a Hebrew 400 and stores nothing', async (_name, body) => {
    const before = (await rows()).length;
    const response = await apiClient(ctx.app).post('/api/analytics', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
    expect((await rows()).length).toBe(before);
  });

  it('refuses a call without the forgery-protection header', async () => {
    const response = await apiClient(ctx.app).post(
      '/api/analytics',
      { kind: 'page_view', path: '/' },
      { withoutXsrf: true },
    );
    expect(response.statusCode).toBe(403);
  });

  it('stops one address after the per-minute limit, and lets it in again a minute later', async () => {
    const client = apiClient(ctx.app);
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    ctx.clock.advance(60_000);
    const before = (await rows()).length;
    let lastStatus = 0;
    for (let sent = 0; sent <= ANALYTICS_LIMIT_PER_MINUTE; sent += 1) {
      lastStatus = (await client.post('/api/analytics', { kind: 'page_view', path: '/' }, { headers }))
        .statusCode;
    }
    expect(lastStatus).toBe(429);
    expect((await rows()).length - before).toBeLessThanOrEqual(ANALYTICS_LIMIT_PER_MINUTE);
    ctx.clock.advance(60_000);
    const later = await client.post('/api/analytics', { kind: 'page_view', path: '/' }, { headers });
    expect(later.statusCode).toBe(204);
  });
});
