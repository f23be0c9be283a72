import { expect, it } from 'vitest';
import { DEFAULT_FORUMS } from '../../db/seed-forums';
import { describeEachDatabase } from '../../test/databases';
import { apiClient } from '../../test/http';

describeEachDatabase('GET /api/forums', (ctx) => {
  it('lists the seeded forums in their order, starting at 1', async () => {
    const response = await apiClient(ctx.app).get('/api/forums');
    expect(response.statusCode).toBe(200);
    const forums = response.json();
    expect(forums).toEqual(DEFAULT_FORUMS.map((forum) => ({ ...forum, description: '' })));
    expect(forums[0].id).toBe(1);
  });

  it('answers an unknown API path with a Hebrew 404 body', async () => {
    const response = await apiClient(ctx.app).get('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
    expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
  });

  it('sets the XSRF-TOKEN cookie and refuses a write without the header', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/forums' });
    expect(first.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value).toBeTruthy();
    const refused = await apiClient(ctx.app).post('/api/topic', {}, { withoutXsrf: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('xsrf');
  });

  it("sends security headers with an API answer's CSP, which allows nothing to load or frame it", async () => {
    const response = await apiClient(ctx.app).get('/api/forums');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an OpenAPI document', async () => {
    const response = await apiClient(ctx.app).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/forums']).toBeDefined();
  });
});
