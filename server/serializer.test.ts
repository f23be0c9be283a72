import { beforeAll, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { userResponse } from '../shared/schemas/accounts';
import { forumsResponse } from '../shared/schemas/forums';
import { likeResponse, message, moreMessagesResponse } from '../shared/schemas/messages';
import { messageReportsResponse } from '../shared/schemas/reports';
import { postsResponse, topicResponse } from '../shared/schemas/topics';
import { responseJsonSchema, responseSerializer } from './serializer';
import { describeEachDatabase } from './test/databases';
import { createReply, createTopic, createUser, type TestUser } from './test/factories';
import { apiClient } from './test/http';
import { solvedCaptcha } from './test/captcha';
import { LIMITS } from '../shared/limits';

/** Fields a row may carry that no answer may ever show; the presenters below add them. */
const LEAKED = {
  passwordHash: 'LEAKED-password-hash',
  email: 'leaked@example.test',
  password_hash: 'LEAKED',
};
const LEAK_MARKS = ['LEAKED', 'leaked@example.test', 'passwordHash', 'password_hash'];

/** Every response schema Fastify compiles a serialiser for, with its route. */
const compiledSchemas = vi.hoisted(
  () => [] as Array<{ method: string; url: string; status: string; schema: unknown }>,
);

vi.mock('./serializer', async (importOriginal) => {
  const original = await importOriginal<typeof import('./serializer')>();
  return {
    ...original,
    serializerCompiler: (route: { schema: unknown; method: string; url: string; httpStatus: string }) => {
      compiledSchemas.push({
        method: route.method,
        url: route.url,
        status: route.httpStatus,
        schema: route.schema,
      });
      return (original.serializerCompiler as (route: unknown) => (data: unknown) => string)(route);
    },
  };
});

// The presenters hand the serialiser objects with private fields too, as a careless change might.
vi.mock('./modules/users/users.presenter', async (importOriginal) => {
  const original = await importOriginal<typeof import('./modules/users/users.presenter')>();
  return {
    presentUser: (row: Parameters<typeof original.presentUser>[0]) => ({
      ...original.presentUser(row),
      ...LEAKED,
    }),
  };
});
vi.mock('./modules/topics/topics.presenter', async (importOriginal) => {
  const original = await importOriginal<typeof import('./modules/topics/topics.presenter')>();
  return {
    ...original,
    presentPost: (row: Parameters<typeof original.presentPost>[0]) => ({
      ...original.presentPost(row),
      ...LEAKED,
    }),
  };
});
vi.mock('./modules/messages/messages.presenter', async (importOriginal) => {
  const original = await importOriginal<typeof import('./modules/messages/messages.presenter')>();
  return {
    presentMessage: (...args: Parameters<typeof original.presentMessage>) => ({
      ...original.presentMessage(...args),
      ...LEAKED,
    }),
  };
});

/** The answer must be exactly what its schema describes: parsing it changes and drops nothing. */
function expectExactly(schema: z.ZodType, text: string) {
  for (const mark of LEAK_MARKS) expect(text).not.toContain(mark);
  const body = JSON.parse(text);
  expect(schema.parse(body)).toEqual(body);
  return body;
}

describeEachDatabase('compiled response serialisers', (ctx) => {
  let member: TestUser;
  let admin: TestUser;
  let topicId = 0;
  let replyIds: number[] = [];

  beforeAll(async () => {
    member = await createUser(ctx.db);
    admin = await createUser(ctx.db, { admin: true });
    const base = Date.UTC(2026, 0, 1);
    for (let index = 0; index < 25; index += 1) {
      await createTopic(ctx.db, { userId: member.user.id, forumId: 1 + (index % 2), now: base + index });
    }
    const { topic } = await createTopic(ctx.db, {
      userId: admin.user.id,
      subject: 'נושא ארוך',
      now: base + 100,
    });
    topicId = topic.id;
    replyIds = [];
    for (let index = 0; index < 25; index += 1) {
      const reply = await createReply(ctx.db, {
        topicId,
        userId: index % 2 ? member.user.id : admin.user.id,
        now: base + 200 + index,
      });
      replyIds.push(reply.id);
    }
  });

  it('answers the lists and the topic pages, logged in and as a guest, exactly as their schemas say', async () => {
    const api = apiClient(ctx.app);
    for (const options of [{ token: member.token }, {}]) {
      const home = expectExactly(postsResponse, (await api.get('/api/home', options)).body);
      expect(home.posts).toHaveLength(LIMITS.pageSize);
      expect(home.users.length).toBeGreaterThan(0);
      const last = home.posts.at(-1).timestamp;
      expect(
        expectExactly(postsResponse, (await api.get(`/api/home/more/${last}`, options)).body).posts,
      ).toHaveLength(LIMITS.pageSize);
      expect(
        expectExactly(postsResponse, (await api.get('/api/forum/1', options)).body).posts.length,
      ).toBeGreaterThan(0);
      expectExactly(postsResponse, (await api.get(`/api/forum/1/more/${last}`, options)).body);
      const topic = expectExactly(topicResponse, (await api.get(`/api/topic/${topicId}`, options)).body);
      expect(topic.messages).toHaveLength(LIMITS.pageSize);
      expect(topic.post.id).toBe(topicId);
      const older = expectExactly(
        moreMessagesResponse,
        (await api.get(`/api/topic/${topicId}/more/${topic.messages[0].id}`, options)).body,
      );
      expect(older.messages.map((row: { id: number }) => row.id)).toEqual(
        replyIds.slice(25 - 2 * LIMITS.pageSize, 25 - LIMITS.pageSize),
      );
      expectExactly(forumsResponse, (await api.get('/api/forums', options)).body);
    }
  });

  it('answers writes, likes, reports and the account exactly as their schemas say', async () => {
    const api = apiClient(ctx.app);
    const options = { token: member.token };
    const written = await api.post('/api/message', { topicId, content: '<p>תגובה חדשה</p>' }, options);
    expect(written.statusCode).toBe(200);
    const reply = expectExactly(message, written.body);
    expectExactly(likeResponse, (await api.get(`/api/message/like/${reply.id}`, options)).body);
    const report = await api.post(
      '/api/messageReport',
      {
        report: { messageId: reply.id, content: 'סיבה מספיק ארוכה לדיווח', email: member.user.email },
        captcha: await solvedCaptcha(ctx.app),
      },
      options,
    );
    expect(report.statusCode, report.body).toBe(200);
    expectExactly(messageReportsResponse, (await api.get('/api/messageReport', { token: admin.token })).body);
    expectExactly(userResponse, (await api.get('/api/validate-token', options)).body);
  });

  it('compiles a closed serialiser for every response of every route, which drops fields it does not name', () => {
    const zodSchemas = compiledSchemas.filter(
      (entry) => typeof entry.schema === 'object' && entry.schema !== null && '_zod' in entry.schema,
    );
    expect(zodSchemas.length).toBeGreaterThan(60);
    for (const entry of zodSchemas) {
      const schema = entry.schema as z.ZodType;
      const json = responseJsonSchema(schema);
      for (const object of objectNodes(json)) {
        expect(object.additionalProperties, `${entry.method} ${entry.url} ${entry.status}`).not.toBe(true);
      }
      const sample = sampleOf(json, true);
      const text = responseSerializer(schema)(sample);
      for (const mark of LEAK_MARKS)
        expect(text, `${entry.method} ${entry.url} ${entry.status}`).not.toContain(mark);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(sampleOf(json, false))));
    }
  });
});

type JsonNode = Record<string, unknown>;

function* objectNodes(node: unknown): Generator<JsonNode> {
  if (Array.isArray(node)) {
    for (const item of node) yield* objectNodes(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as JsonNode;
  if (record.type === 'object' && record.properties !== undefined) yield record;
  for (const value of Object.values(record)) yield* objectNodes(value);
}

/**
 * A value of a JSON Schema with every property filled; with `extra`, each object also carries the
 * private fields, which the serialiser must drop (open maps, `additionalProperties` a schema, keep
 * them only when they are the map's own entries, which `extra` leaves out).
 */
function sampleOf(node: unknown, extra: boolean): unknown {
  const schema = (node ?? {}) as JsonNode;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (branches) return sampleOf(branches[0], extra);
  if (schema.nullable === true && extra) return sampleOf({ ...schema, nullable: false }, extra);
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) value[key] = sampleOf(property, extra);
      return extra && schema.additionalProperties === undefined ? { ...LEAKED, ...value } : value;
    }
    case 'array':
      return [sampleOf(schema.items, extra)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return schema.format === 'date-time' ? '2026-01-01T00:00:00.000Z' : 'טקסט';
    default:
      return null;
  }
}
