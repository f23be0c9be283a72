import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { apiClient } from '../../test/http';

describeEachDatabase(
  'GET /api/site',
  (ctx) => {
    it('answers the configured SITE_NAME, revalidated on every load', async () => {
      const response = await apiClient(ctx.app).get('/api/site');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ siteName: 'פורום בדיקה' });
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('is documented in the OpenAPI document with its response schema', async () => {
      const document = (await apiClient(ctx.app).get('/api/openapi.json')).json();
      const schema =
        document.paths['/api/site']?.get?.responses?.['200']?.content?.['application/json']?.schema;
      expect(schema?.properties?.siteName).toBeDefined();
    });
  },
  { config: { SITE_NAME: 'פורום בדיקה' } },
);

describeEachDatabase('GET /api/site without SITE_NAME', (ctx) => {
  it('answers the default name', async () => {
    const response = await apiClient(ctx.app).get('/api/site');
    expect(response.json()).toEqual({
      siteName: 'קהילה',
      description: '',
      contactEmail: '',
      socialUrl: '',
      archiveUrl: '',
    });
  });
});
