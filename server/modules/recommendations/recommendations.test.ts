import type { Compilable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import type { PostsResponse } from '../../../shared/schemas/topics';
import type { TopicRow } from '../../db/database';
import { describeEachDatabase } from '../../test/databases';
import { createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { plan as planOf } from '../../test/query-plans';
import { recentTopicsQuery, subjectWordsQuery } from './recommendations.repository';
import { subjectWords } from './recommendations.service';

describe('subjectWords', () => {
  it('keeps telling words of 3+ letters, longest first, without stop words', () => {
    // מגדלים loses its מ as a possible prefix; it still finds מגדלים as a substring.
    expect(subjectWords(normalizeForSearch('איך מגדלים עגבניות על הַמִּרְפֶּסֶת?'))).toEqual([
      'עגבניות',
      'גדלים',
      'מרפסת',
    ]);
  });

  it('drops one leading prefix letter from longer words, so other forms match too', () => {
    expect(subjectWords('הגינון לבית')).toEqual(['גינון', 'בית']);
    // Three letters stay whole: the first may be part of the word.
    expect(subjectWords('שיר')).toEqual(['שיר']);
  });

  it('gives nothing for a subject of short or common words', () => {
    expect(subjectWords('מה זה? עזרה!!')).toEqual([]);
  });

  it('looks up at most five words', () => {
    expect(subjectWords('אחת שתיים שלוש ארבע חמש שש שבע שמונה')).toHaveLength(5);
  });
});

describeEachDatabase('GET /api/recommendations/:id', (ctx) => {
  let writer: TestUser;
  let minute = 0;
  const next = () => Date.UTC(2026, 0, 1) + 60_000 * ++minute;
  const topic = async (subject: string, forumId: number): Promise<TopicRow> =>
    (await createTopic(ctx.db, { userId: writer.user.id, subject, forumId, now: next() })).topic;

  const recommend = async (id: number) => {
    const response = await apiClient(ctx.app).get(`/api/recommendations/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PostsResponse;
  };
  const ids = (page: PostsResponse) => page.posts.map((post) => post.id);

  beforeAll(async () => {
    writer = await createUser(ctx.db);
  });

  it('answers 404 for an unknown topic and 400 for an id that is not one', async () => {
    const unknown = await apiClient(ctx.app).get('/api/recommendations/987654');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/[\u0590-\u05FF]/);
    for (const bad of ['abc', '0', '-2', '1.5']) {
      const response = await apiClient(ctx.app).get(`/api/recommendations/${bad}`);
      expect(response.statusCode).toBe(400);
    }
  });

  it('serves guests: related topics first, the same forum before others, never the topic itself', async () => {
    const sameForumOlder = await topic('גינון במרפסת קטנה', 3);
    const otherForumRelated = await topic('ספר טוב על גינון', 5);
    const sameForumTwoWords = await topic('גינון ועגבניות', 3);
    const unrelated = await topic('מחשב נייד חדש', 3);
    const subject = await topic('הגינון והעגבניות שלי', 3);
    const page = await recommend(subject.id);
    expect(ids(page).slice(0, 3)).toEqual([sameForumTwoWords.id, sameForumOlder.id, otherForumRelated.id]);
    expect(ids(page)).not.toContain(subject.id);
    // Then the newest topic of the same forum fills up.
    expect(ids(page)[3]).toBe(unrelated.id);
    expect(page.hasMorePosts).toBe(false);
    expect(page.users.map((user) => user.id)).toEqual([writer.user.id]);
  });

  it('falls back to the newest topics, of the same forum first, up to the maximum', async () => {
    const elsewhere = [await topic('קרמיקה', 7), await topic('סריגה', 7)];
    const sameForum = [await topic('צילום לילה', 9), await topic('ציור שמן', 9)];
    const newestAnywhere = [await topic('נגרות', 8), await topic('פיסול', 8), await topic('אוריגמי', 8)];
    const subject = await topic('זברות', 9);
    const page = await recommend(subject.id);
    expect(page.posts).toHaveLength(LIMITS.recommendationsMax);
    expect(ids(page)).toEqual([
      sameForum[1]?.id,
      sameForum[0]?.id,
      newestAnywhere[2]?.id,
      newestAnywhere[1]?.id,
      newestAnywhere[0]?.id,
    ]);
    expect(ids(page)).not.toContain(subject.id);
    expect(elsewhere.every((row) => !ids(page).includes(row.id))).toBe(true);
  });

  it('never gives more than the maximum however many topics are related', async () => {
    for (let index = 0; index < LIMITS.recommendationsMax + 3; index += 1)
      await topic(`טרקטורונים ${index}`, 4);
    const subject = await topic('טרקטורונים', 4);
    const page = await recommend(subject.id);
    expect(page.posts).toHaveLength(LIMITS.recommendationsMax);
    expect(page.posts.every((post) => post.subject.startsWith('טרקטורונים ') && post.id !== subject.id)).toBe(
      true,
    );
    expect(new Set(ids(page)).size).toBe(LIMITS.recommendationsMax);
  });
});

describeEachDatabase('query plans of the recommendations', (ctx) => {
  beforeAll(async () => {
    const { user } = await createUser(ctx.db);
    for (let index = 0; index < 30; index += 1)
      await createTopic(ctx.db, { userId: user.id, subject: `גינון ${index}`, forumId: (index % 3) + 1 });
  });

  /** The plan of a query; `ordered` for a list read in index order (no sort, no bitmap). */
  const plan = (query: Compilable, ordered = false) => planOf(ctx.db, ctx.kind, query, { ordered });

  it('takes the candidates from the subjects index, stopping at the limit, never scanning topics', async () => {
    const query = subjectWordsQuery(ctx.db, ['גינון', 'עגבניות'], 1, 200);
    if (!query) throw new Error('two words make a query');
    const text = await plan(query);
    if (ctx.kind === 'sqlite') {
      expect(text).toMatch(/topics_fts VIRTUAL TABLE INDEX \d+:M/);
      expect(text).toMatch(/SEARCH topics USING INTEGER PRIMARY KEY/);
      expect(text).not.toMatch(/^SCAN topics$/m);
      // The index hands its matches over in rowid order: no sort of every match.
      expect(query.compile().sql).toMatch(/MATCH \? ORDER BY rowid DESC LIMIT \d+\)/);
    } else {
      expect(text).toMatch(
        /Bitmap Index Scan on topics_subject_search_trgm|Index Scan Backward using topics_pkey/,
      );
      expect(text).not.toMatch(/Seq Scan on topics/);
      expect(text).toMatch(/Limit/);
    }
  });

  it('fills up from the timestamp indexes, of a forum and of all', async () => {
    for (const forumId of [2, undefined]) {
      const text = await plan(recentTopicsQuery(ctx.db, { forumId, excludeIds: [1, 2], limit: 5 }), true);
      if (ctx.kind === 'sqlite') {
        expect(text).toMatch(
          /(SCAN|SEARCH) topics USING INDEX (topics_forum_timestamp|sqlite_autoindex_topics_\d+)/,
        );
        expect(text).not.toMatch(/TEMP B-TREE/);
      } else {
        expect(text).toMatch(/Index Scan Backward using (topics_forum_timestamp|topics_timestamp_key)/);
        expect(text).not.toMatch(/Seq Scan|Sort/);
      }
    }
  });
});
