import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { apiClient } from '../test/http';

describeEachDatabase('GET /emoji/:file', (ctx) => {
  it('serves Twemoji images by code and nothing else', async () => {
    const api = apiClient(ctx.app);
    const ok = await api.get('/emoji/1f600.svg');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/svg+xml');
    expect(ok.body).toContain('<svg');
    expect((await api.get('/emoji/1f4ac.svg')).statusCode).toBe(200);
    expect((await api.get('/emoji/ffffff.svg')).statusCode).toBe(404);
    expect((await api.get('/emoji/1f600.png')).statusCode).toBe(404);
    expect((await api.get('/emoji/package.json')).statusCode).toBe(404);
    expect((await api.get('/emoji/..%2Fpackage.json')).statusCode).toBe(404);
  });
});
