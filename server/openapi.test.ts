import { expect, it } from 'vitest';
import { mergeEquivalentPaths } from './openapi';
import { describeEachDatabase } from './test/databases';
import { apiClient } from './test/http';

/** docs/product.md §7, "The API", as written there (method and path), plus DESIGN.md's additions. */
const SPEC_CALLS = `
POST /api/login
POST /api/register
GET /api/validate-token
POST /api/forgot-password
POST /api/forgot-password/validate
PUT /api/edit-profile/forgot-password
POST /api/user/activate
GET /api/forums
GET /api/home
GET /api/home/more/{timestamp}
GET /api/forum/{forumId}
GET /api/forum/{forumId}/more/{timestamp}
GET /api/topic/{topicId}
GET /api/topic/{topicId}/more/{lastMessageId}
GET /api/search/{query}
GET /api/search/{query}/more/{timestamp}
GET /api/recommendations/{id}
POST /api/topic/
DELETE /api/topic/{id}
PUT /api/topic/move
PUT /api/topic/subject
GET /api/topic/image/{id}
POST /api/message
PUT /api/message/
DELETE /api/message/{id}
GET /api/message/like/{id}
PUT /api/edit-profile/password
PUT /api/edit-profile/email
PUT /api/edit-profile/birthdate
POST /api/messageReport
GET /api/messageReport
GET /api/messageReport/more/{lastReportId}
DELETE /api/messageReport/{id}
POST /api/logout
GET /api/events
POST /api/events/ticket
GET /api/captcha
GET /api/images/{name}
GET /api/avatars/{file}
GET /api/admin/forums
POST /api/admin/forums
PUT /api/admin/forums/{id}
PUT /api/admin/forums/order
POST /api/admin/forums/{id}/merge
DELETE /api/admin/forums/{id}
GET /api/admin/site
PUT /api/admin/site
GET /api/admin/users
GET /api/admin/users/{id}
POST /api/admin/users/{id}/suspension
DELETE /api/admin/users/{id}/suspension
POST /api/admin/users/{id}/delete-messages
PUT /api/admin/users/{id}/admin
GET /api/me/export
DELETE /api/me
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method = '', path = ''] = line.split(' ');
    return { method: method.toLowerCase(), path };
  });

/** A path as OpenAPI compares them: no trailing slash, parameter names ignored. */
const shape = (path: string) => path.replace(/\/$/, '').replace(/\{[^}]+\}/g, '{}');

type Operation = { parameters?: Array<{ in: string; name: string }>; responses?: Record<string, Response> };
type Response = { content?: Record<string, { schema?: Record<string, unknown> }> };

describeEachDatabase('the OpenAPI document', (ctx) => {
  const load = async () => {
    const response = await apiClient(ctx.app).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    return response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
  };

  it('has every call of docs/product.md §7, each path once', async () => {
    const document = await load();
    expect(document.openapi).toMatch(/^3\./);
    const shapes = Object.keys(document.paths).map(shape);
    expect(shapes.filter((item, index) => shapes.indexOf(item) !== index)).toEqual([]);
    const missing = SPEC_CALLS.filter(({ method, path }) => {
      const found = Object.entries(document.paths).find(([documented]) => shape(documented) === shape(path));
      return !found?.[1][method];
    });
    expect(missing).toEqual([]);
  });

  it('names every path parameter of an operation as its path does', async () => {
    const document = await load();
    for (const [path, operations] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      for (const operation of Object.values(operations)) {
        const declared = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name)
          .sort();
        expect(declared, path).toEqual(names);
      }
    }
  });

  it('renders a schema for every JSON success answer', async () => {
    const document = await load();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [, response] of success) {
          const json = response.content?.['application/json']?.schema;
          if (json === undefined) continue;
          expect(Object.keys(json).length, `${method} ${path}`).toBeGreaterThan(0);
        }
      }
    }
    const image = document.paths['/api/images/{name}']?.get?.responses?.['200'];
    expect(Object.keys(image?.content ?? {})).toEqual(['image/webp']);
  });
});

it('merges paths that differ only in parameter names, renaming the moved parameters', () => {
  const merged = mergeEquivalentPaths({
    openapiObject: {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a/{topicId}': {
          get: { responses: {}, parameters: [{ in: 'path', name: 'topicId', required: true }] },
        },
        '/a/{id}': {
          delete: {
            responses: {},
            parameters: [
              { in: 'path', name: 'id', required: true },
              { in: 'query', name: 'id' },
            ],
          },
        },
        '/a/move': { put: { responses: {} } },
      },
    },
  });
  expect(Object.keys(merged.paths ?? {})).toEqual(['/a/{topicId}', '/a/move']);
  expect(merged.paths?.['/a/{topicId}']).toMatchObject({
    get: { parameters: [{ name: 'topicId' }] },
    delete: {
      parameters: [
        { in: 'path', name: 'topicId' },
        { in: 'query', name: 'id' },
      ],
    },
  });
});
