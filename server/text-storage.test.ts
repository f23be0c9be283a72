import { afterAll, describe, expect, it } from 'vitest';
import { INVALID_TEXT_MESSAGE, cleanText } from '../shared/text';
import { TEST_DATABASE_KINDS, describeEachDatabase } from './test/databases';
import { createTopic, createUser, type TestUser } from './test/factories';
import { apiClient } from './test/http';
import { contentSnapshot } from './test/snapshot';

/** Text that PostgreSQL refuses, SQLite keeps, or either compares unequal unless normalised. */
const HOSTILE = {
  nul: 'שלום\u0000עולם',
  controls: 'א\u0001ב\u0007ג\u001Bד\u007Fה',
  crlf: 'שורה\r\nשנייה\rשלישית\tטאב',
  nonCharacters: 'טקסט\uFFFE\uFFFF\uFDD0\u{1FFFE}\u{10FFFF}סוף',
  // Shin, shin dot, qamats: the marks in an order NFC rewrites.
  niqqud: 'ש\u05C1\u05B8לוֹם',
  decomposedLatin: 'cafe\u0301 crème',
  bidi: '\u202Eעברית\u202C \u200Fabc\u2066x\u2069',
} as const;
const LONE = ['a\uD800b', 'a\uDC00b', '\uDBFFx'];
const HEBREW = /[\u0590-\u05FF]/;

/** What each database stored, by case, to compare the two at the end. */
const stored: Record<string, Record<string, unknown>> = {};

describeEachDatabase('hostile text is stored alike', (ctx) => {
  let user: TestUser;
  const api = () => apiClient(ctx.app);
  const record = (key: string, value: unknown) => {
    stored[ctx.kind] ??= {};
    (stored[ctx.kind] as Record<string, unknown>)[key] = value;
  };

  it('cleans message bodies, subjects and report reasons the same way, with no 5xx', async () => {
    user = await createUser(ctx.db);
    for (const [name, text] of Object.entries(HOSTILE)) {
      const topic = await api().post(
        '/api/topic',
        { subject: text.slice(0, 30), message: `<p>${text}</p>`, forumId: 2 },
        { token: user.token },
      );
      expect(topic.statusCode, name).toBe(200);
      const topicId = topic.json().post.id as number;
      const reply = await api().post(
        '/api/message',
        { topicId, content: `<p>${text} &#0; &#x1; &#xFFFE;</p>` },
        { token: user.token },
      );
      expect(reply.statusCode, name).toBe(200);
      const report = await api().post('/api/messageReport', {
        report: { messageId: topicId, content: `דיווח ${text}`, email: 'r@example.test' },
      });
      expect(report.statusCode, name).toBeLessThan(500);

      const topicRow = await ctx.db
        .selectFrom('topics')
        .selectAll()
        .where('id', '=', topicId)
        .executeTakeFirstOrThrow();
      const messages = await ctx.db
        .selectFrom('messages')
        .select(['content', 'content_search'])
        .where('topic_id', '=', topicId)
        .orderBy('id')
        .execute();
      for (const row of [
        topicRow.subject,
        topicRow.subject_search,
        ...messages.flatMap((m) => [m.content, m.content_search]),
      ]) {
        // Stored text is a fixed point of the cleaning: no control character, non-character or NFD left.
        expect(cleanText(row), name).toBe(row);
      }
      record(`topic.${name}`, { subject: topicRow.subject, preview: topicRow.preview, messages });
    }
  });

  it('finds niqqud typed in any order as the same text, and a NUL in a search answers 2xx or 400', async () => {
    for (const query of ['שלום\u0000עולם', '\u0000\u0000\u0000', 'ש\u05B8\u05C1לום', 'abc\uFFFE']) {
      const response = await api().get(`/api/search/${encodeURIComponent(query)}`, { token: user.token });
      expect([200, 400], query).toContain(response.statusCode);
      record(`search.${query}`, response.statusCode === 200 ? response.json().posts.length : response.json());
    }
    const decomposed = await api().get(`/api/search/${encodeURIComponent('ש\u05B8\u05C1לוֹם')}`, {
      token: user.token,
    });
    const composed = await api().get(`/api/search/${encodeURIComponent('שָׁלוֹם')}`, { token: user.token });
    expect(decomposed.json().posts.map((p: { id: number }) => p.id)).toEqual(
      composed.json().posts.map((p: { id: number }) => p.id),
    );
  });

  it('refuses lone surrogates with a Hebrew 400 and changes nothing', async () => {
    const { topic } = await createTopic(ctx.db, { userId: user.user.id });
    for (const text of LONE) {
      const before = await contentSnapshot(ctx.db);
      for (const send of [
        () =>
          api().post('/api/topic', { subject: text, message: '<p>x</p>', forumId: 2 }, { token: user.token }),
        () =>
          api().post('/api/message', { topicId: topic.id, content: `<p>${text}</p>` }, { token: user.token }),
        // A lone surrogate has no UTF-8 form: a client can only send its CESU-8 bytes.
        () => api().get(`/api/search/${encodeURIComponent('שלום')}%ED%A0%80`, { token: user.token }),
      ]) {
        const response = await send();
        expect(response.statusCode, text).toBeLessThan(500);
        if (response.statusCode === 400) expect(response.json().message).toMatch(HEBREW);
      }
      const subject = await api().post(
        '/api/topic',
        { subject: text, message: '<p>x</p>', forumId: 2 },
        { token: user.token },
      );
      expect(subject.statusCode).toBe(400);
      expect(subject.json()).toEqual({ error: 'validation', message: INVALID_TEXT_MESSAGE });
      expect(await contentSnapshot(ctx.db)).toEqual(before);
    }
  });

  it('answers hostile usernames, emails and file names without a 5xx', async () => {
    const register = (username: string, email: string) =>
      api().post('/api/register', { username, email, password: 'password-1', birthdate: '01/01/1990' });
    for (const [username, email] of [
      ['ש\u05C1\u05B8לוֹם\u0000', 'nul\u0000@example.test'],
      ['יוסי\u0007', 'bell@exam\u0001ple.test'],
    ] as const) {
      const response = await register(username, email);
      // The captcha is missing, so the answer is a 400 either way: what matters is no 5xx.
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(HEBREW);
    }
    const nul = await api().get(`/api/avatars/${encodeURIComponent('a\u0000b.svg')}`);
    expect(nul.statusCode).toBeLessThan(500);
    const image = await api().get(`/api/images/${encodeURIComponent('x\u0000big.webp')}`);
    expect(image.statusCode).toBeLessThan(500);
  });
});

describe('both databases', () => {
  afterAll(() => {
    for (const key of Object.keys(stored)) delete stored[key];
  });
  it.runIf(TEST_DATABASE_KINDS.length === 2)('stored every hostile text identically', () => {
    expect(stored.postgres).toEqual(stored.sqlite);
  });
});
