import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { ERRORS } from '../../../shared/errors';
import { explainSearch, rareMatchTopicIds, rememberedAsCommon, searchTopics } from './search.repository';

const BASE = Date.UTC(2026, 0, 1);

describeEachDatabase('search', (ctx) => {
  let member: TestUser;
  let other: TestUser;
  let minute = 0;
  /** Each topic written a minute after the previous one, so newest-first order is known. */
  const next = () => BASE + 60_000 * ++minute;

  const topic = async (subject: string, content: string, author: TestUser = member) =>
    (
      await createTopic(ctx.db, {
        userId: author.user.id,
        subject,
        content: `<p>${content}</p>`,
        now: next(),
      })
    ).topic;

  const search = async (query: string, token = member.token) => {
    const response = await apiClient(ctx.app).get(`/api/search/${encodeURIComponent(query)}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PostsResponse;
  };
  const ids = (page: PostsResponse) => page.posts.map((post) => post.id);

  beforeAll(async () => {
    member = await createUser(ctx.db);
    other = await createUser(ctx.db);
  });

  describe('who may search', () => {
    it('answers a guest 401 with the Hebrew login message, even for a short query', async () => {
      for (const url of ['/api/search/שלום', '/api/search/ab', '/api/search/שלום/more/123']) {
        const response = await apiClient(ctx.app).get(url);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: 'search_login_required',
          message: ERRORS.search_login_required.message,
        });
      }
    });

    it('answers a forged token as a guest', async () => {
      const response = await apiClient(ctx.app).get('/api/search/שלום', { token: 'not-a-real-token' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('query validation', () => {
    it.each([
      ['two letters', 'ab'],
      ['two letters padded with spaces', '   ab   '],
      ['only spaces', '      '],
      ['two letters once niqqud is stripped', 'שָׁל'],
    ])('refuses %s with 400 and the spec message', async (_name, query) => {
      const response = await apiClient(ctx.app).get(`/api/search/${encodeURIComponent(query)}`, {
        token: member.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'validation',
        message: VALIDATION_MESSAGES.searchQueryTooShort,
      });
    });

    it('refuses a query over the maximum length', async () => {
      const query = 'א'.repeat(LIMITS.searchQueryMaxLength + 1);
      const response = await apiClient(ctx.app).get(`/api/search/${encodeURIComponent(query)}`, {
        token: member.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(VALIDATION_MESSAGES.searchQueryTooLong);
    });

    it('accepts a Hebrew query of exactly the maximum length', async () => {
      const page = await search('ש'.repeat(LIMITS.searchQueryMaxLength));
      expect(page.posts).toEqual([]);
    });

    it('refuses a cursor that is not a non-negative integer', async () => {
      for (const cursor of ['abc', '-5', '1.5']) {
        const response = await apiClient(ctx.app).get(`/api/search/שלום/more/${cursor}`, {
          token: member.token,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
      }
    });
  });

  describe('matching', () => {
    it('finds a word after each Hebrew prefix letter (ה, ל, ב, ו, ש), inside words', async () => {
      const found = [
        await topic('נושא אחד', 'אני הולך הביתה עכשיו'),
        await topic('נושא שני', 'חזרנו לבית הישן'),
        await topic('נושא שלישי', 'היינו בבית כל היום'),
        await topic('נושא רביעי', 'קנינו כלים ובית חדש'),
        await topic('נושא חמישי', 'זה הספר שבית הספר נתן'),
      ];
      const unrelated = await topic('נושא שישי', 'בי ת נפרדים לא נחשבים');
      const page = await search('בית');
      for (const row of found) expect(ids(page)).toContain(row.id);
      expect(ids(page)).not.toContain(unrelated.id);
    });

    it('ignores niqqud in the query and in the text', async () => {
      const plain = await topic('ברכות', 'שלום לכולם וברוכים הבאים');
      const pointed = await topic('ברכה מנוקדת', 'שָׁלוֹם עֲלֵיכֶם חברים');
      const withPoints = await search('שָׁלוֹם');
      const withoutPoints = await search('שלום');
      for (const page of [withPoints, withoutPoints]) {
        expect(ids(page)).toContain(plain.id);
        expect(ids(page)).toContain(pointed.id);
      }
    });

    it('matches Latin text whatever its case', async () => {
      const row = await topic('שפות תכנות', 'אני כותב JavaScript כל יום');
      for (const query of ['javascript', 'JAVASCRIPT', 'jAvAsCrIpT', 'Script']) {
        expect(ids(await search(query))).toContain(row.id);
      }
    });

    it('finds a topic by its subject alone and by a reply alone', async () => {
      const bySubject = await topic('מדריך קרמיקה למתחילים', 'תוכן כללי בלי המילה');
      const byReply = await topic('שאלה כללית', 'משהו אחר לגמרי');
      await createReply(ctx.db, {
        topicId: byReply.id,
        userId: other.user.id,
        content: '<p>ניסיתם אוריגמי?</p>',
        now: next(),
      });
      expect(ids(await search('קרמיקה'))).toEqual([bySubject.id]);
      const page = await search('אוריגמי');
      expect(ids(page)).toEqual([byReply.id]);
      // The list carries the topic's author, the user the post refers to.
      expect(page.users.map((user) => user.id)).toEqual([member.user.id]);
      expect(page.hasMorePosts).toBe(false);
    });

    it('lists a topic once however many of its messages match', async () => {
      const row = await topic('טלסקופים', 'טלסקופ ראשון');
      await createReply(ctx.db, {
        topicId: row.id,
        userId: other.user.id,
        content: '<p>טלסקופ שני</p>',
        now: next(),
      });
      await createReply(ctx.db, {
        topicId: row.id,
        userId: member.user.id,
        content: '<p>טלסקופ שלישי</p>',
        now: next(),
      });
      expect(ids(await search('טלסקופ'))).toEqual([row.id]);
    });

    it('takes %, _, \\ and quotes in the query literally', async () => {
      const percent = await topic('אחוזים', 'הנחה של 100%_x על הכול');
      const decoy = await topic('אחוזים בלי סימן', 'הנחה של 1000 x על הכול');
      const quoted = await topic('ציטוט', 'הוא אמר "שלום" ויצא \\ בשקט');
      expect(ids(await search('100%_x'))).toEqual([percent.id]);
      expect(ids(await search('%%%'))).toEqual([]);
      expect(ids(await search('___'))).toEqual([]);
      expect(ids(await search('"שלום"'))).toEqual([quoted.id]);
      expect(ids(await search('ויצא \\'))).toEqual([quoted.id]);
      expect(ids(await search('00 x'))).toEqual([decoy.id]);
    });

    it('accepts a slash, a question mark and a hash in the query', async () => {
      const row = await topic('רשתות', 'איך עובד TCP/IP? ומה זה #קונפיג');
      expect(ids(await search('tcp/ip?'))).toEqual([row.id]);
      expect(ids(await search('#קונפיג'))).toEqual([row.id]);
    });

    it('finds nothing for a word no topic has', async () => {
      const page = await search('זברהקרנף');
      expect(page).toEqual({ posts: [], hasMorePosts: false, users: [] });
    });

    it('follows edits and deletions: the index is kept in sync by the database', async () => {
      const row = await topic('נושא לעריכה', 'מילה ישנה פלמינגו');
      expect(ids(await search('פלמינגו'))).toEqual([row.id]);
      await ctx.db
        .updateTable('messages')
        .set({ content: '<p>מילה חדשה קקדו</p>', content_search: normalizeForSearch('מילה חדשה קקדו') })
        .where('id', '=', row.id)
        .execute();
      expect(ids(await search('פלמינגו'))).toEqual([]);
      expect(ids(await search('קקדו'))).toEqual([row.id]);

      await ctx.db
        .updateTable('topics')
        .set({ subject: 'כותרת פינגווין', subject_search: normalizeForSearch('כותרת פינגווין') })
        .where('id', '=', row.id)
        .execute();
      expect(ids(await search('פינגווין'))).toEqual([row.id]);
      expect(ids(await search('נושא לעריכה'))).toEqual([]);

      await ctx.db.deleteFrom('messages').where('topic_id', '=', row.id).execute();
      await ctx.db.deleteFrom('topics').where('id', '=', row.id).execute();
      expect(ids(await search('קקדו'))).toEqual([]);
      expect(ids(await search('פינגווין'))).toEqual([]);
      if (ctx.kind === 'sqlite') {
        // The external-content index agrees with its tables after all of the above.
        await sql`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`.execute(
          ctx.db,
        );
        await sql`INSERT INTO topics_fts (topics_fts, rank) VALUES ('integrity-check', 1)`.execute(ctx.db);
      }
    });
  });

  describe('the index under many writes', () => {
    it('finds every reply after more commits than a level of the index holds, and stays whole', async () => {
      const row = await topic('נושא עם הרבה תגובות', 'פתיחה');
      // More than `crisismerge` (64) commits, each writing its own segment, so levels are merged.
      for (let index = 0; index < 70; index += 1)
        await createReply(ctx.db, {
          topicId: row.id,
          userId: other.user.id,
          content: `<p>תגובה ${index} ${index % 10 === 0 ? 'זיקית' : 'רגילה'}</p>`,
          now: next(),
        });
      expect(ids(await search('זיקית'))).toEqual([row.id]);
      const found = await rareMatchTopicIds(ctx.db, 'זיקית', 100);
      expect(found).toEqual([row.id]);
      if (ctx.kind === 'sqlite') {
        // Merging is left to full levels, not done after each write (the migration's settings).
        const settings = await sql<{ k: string; v: number }>`SELECT k, v FROM messages_fts_config
          WHERE k IN ('automerge', 'crisismerge') ORDER BY k`.execute(ctx.db);
        expect(settings.rows).toEqual([
          { k: 'automerge', v: 0 },
          { k: 'crisismerge', v: 64 },
        ]);
        await sql`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`.execute(
          ctx.db,
        );
      }
    });
  });

  describe('a common word', () => {
    it('is remembered as common after its first search, and still finds what it matches once rare', async () => {
      const row = await topic('נושא של מילה נפוצה', 'פתיחה');
      const replies: number[] = [];
      // One more matching message than the probe reads before it calls a word common.
      for (let index = 0; index <= 100; index += 1) {
        const reply = await createReply(ctx.db, {
          topicId: row.id,
          userId: other.user.id,
          content: `<p>שכיחונית ${index}</p>`,
          now: next(),
        });
        replies.push(reply.id);
      }
      expect(rememberedAsCommon(ctx.db, 'שכיחונית')).toBe(false);
      expect(ids(await search('שכיחונית'))).toEqual([row.id]);
      expect(rememberedAsCommon(ctx.db, 'שכיחונית')).toBe(true);
      // A rare word is never remembered: it may become common with the next messages.
      expect(ids(await search('זיקית-נדירה'))).toEqual([]);
      expect(rememberedAsCommon(ctx.db, 'זיקית-נדירה')).toBe(false);

      // The word becomes rare (all but one reply deleted; the probe now says so) while still
      // remembered as common: the common way finds every match, a new topic first, the old one after.
      await ctx.db.deleteFrom('messages').where('id', 'in', replies.slice(1)).execute();
      const newer = await topic('שכיחונית בכותרת', 'גוף');
      expect(rememberedAsCommon(ctx.db, 'שכיחונית')).toBe(true);
      expect(await rareMatchTopicIds(ctx.db, 'שכיחונית', 100)).not.toBeNull();
      expect(ids(await search('שכיחונית'))).toEqual([newer.id, row.id]);
    });
  });

  describe('pagination', () => {
    let matching: number[] = [];

    beforeAll(async () => {
      const created: number[] = [];
      for (let index = 0; index < 2 * LIMITS.pageSize + 3; index += 1) {
        // Matches in the subject, the main message or a reply, with non-matching topics between.
        const where = index % 3;
        const row = await topic(
          where === 0 ? `דפדוף ${index}` : `נושא ${index}`,
          where === 1 ? `גוף עם דפדוף ${index}` : `גוף ${index}`,
          index % 2 === 0 ? member : other,
        );
        if (where === 2) {
          await createReply(ctx.db, {
            topicId: row.id,
            userId: other.user.id,
            content: '<p>תגובה עם דפדוף</p>',
            now: next(),
          });
        }
        created.push(row.id);
        await topic(`שקט ${index}`, 'בלי המילה');
      }
      matching = created.reverse();
    });

    it('pages newest first, 7 at a time, with no duplicates and no gaps', async () => {
      const client = apiClient(ctx.app);
      const seen: number[] = [];
      let url = `/api/search/${encodeURIComponent('דפדוף')}`;
      for (let pageNumber = 0; ; pageNumber += 1) {
        const response = await client.get(url, { token: member.token });
        expect(response.statusCode).toBe(200);
        const page = response.json() as PostsResponse;
        expect(page.posts.length).toBeLessThanOrEqual(LIMITS.pageSize);
        seen.push(...ids(page));
        const timestamps = page.posts.map((post) => post.timestamp);
        expect([...timestamps].sort((a, b) => b - a)).toEqual(timestamps);
        const authorIds = new Set(page.posts.map((post) => post.userId));
        expect(new Set(page.users.map((user) => user.id))).toEqual(authorIds);
        if (!page.hasMorePosts) break;
        expect(page.posts.length).toBe(LIMITS.pageSize);
        const last = page.posts[page.posts.length - 1];
        if (!last) throw new Error('a page that has more must not be empty');
        url = `/api/search/${encodeURIComponent('דפדוף')}/more/${last.timestamp}`;
        expect(pageNumber).toBeLessThan(10);
      }
      expect(seen).toEqual(matching);
    });

    it('gives the same pages whether the recent window or the index finds the matches', async () => {
      const all = async (window: number, messageBudget?: number, rareLimit?: number) => {
        const found: number[] = [];
        let before: number | null = null;
        for (;;) {
          const rows = await searchTopics(
            ctx.db,
            'דפדוף',
            before,
            LIMITS.pageSize + 1,
            window,
            messageBudget,
            rareLimit,
          );
          const page = rows.slice(0, LIMITS.pageSize);
          found.push(...page.map((row) => row.id));
          const last = page[page.length - 1];
          if (rows.length <= LIMITS.pageSize || !last) return found;
          before = last.timestamp;
        }
      };
      // The word is rare under the default limit: the index gives every match at once.
      expect(await all(1)).toEqual(matching);
      // As a common word (rare limit 0): 1: the index does nearly all the work; 5: a page joins
      // both; 1000: the window alone.
      for (const window of [1, 5, 1000]) expect(await all(window, undefined, 0)).toEqual(matching);
      // A message budget cuts the direct check short (0: the index alone) without changing a page.
      for (const budget of [0, 1, 3, 12]) expect(await all(1000, budget, 0)).toEqual(matching);
      // A limit just below or at the number of matching messages: common, then rare.
      const messages = matching.length - Math.ceil(matching.length / 3);
      for (const rareLimit of [messages - 1, messages])
        expect(await all(5, undefined, rareLimit)).toEqual(matching);
    });

    it('finds the matches at both ends of the newest topics it checks directly', async () => {
      const rows = await ctx.db.selectFrom('topics').select(['id', 'timestamp']).execute();
      const timestampOf = new Map(rows.map((row) => [row.id, row.timestamp]));
      for (const id of matching) {
        const before = (timestampOf.get(id) ?? 0) + 1;
        // Window 1: the match is the only topic checked; window 2: the newest, with a quiet topic below.
        for (const window of [1, 2]) {
          const [first] = await searchTopics(
            ctx.db,
            'דפדוף',
            before,
            LIMITS.pageSize + 1,
            window,
            undefined,
            0,
          );
          expect(first?.id).toBe(id);
        }
      }
    });

    it('calls a word rare while the index holds no more matches than the limit', async () => {
      // Matches: a third of the topics by subject, a third by their main message, a third by a reply.
      const subjects = Math.ceil(matching.length / 3);
      const messages = matching.length - subjects;
      expect(await rareMatchTopicIds(ctx.db, 'דפדוף', messages - 1)).toBeNull();
      expect(await rareMatchTopicIds(ctx.db, 'דפדוף', subjects - 1)).toBeNull();
      const all = await rareMatchTopicIds(ctx.db, 'דפדוף', matching.length);
      expect([...(all ?? [])].sort((a, b) => a - b)).toEqual([...matching].sort((a, b) => a - b));
      expect(await rareMatchTopicIds(ctx.db, 'אין-כזאת-מילה', 0)).toEqual([]);
    });
  });

  describe('query plan', () => {
    it('looks matches up in the trigram index of messages and of subjects', async () => {
      if (ctx.kind === 'sqlite') {
        const plans = await explainSearch(ctx.db, 'שלום');
        const indexed = plans.indexed.join('\n');
        expect(indexed).toMatch(/messages_fts VIRTUAL TABLE INDEX \d+:M/);
        expect(indexed).toMatch(/topics_fts VIRTUAL TABLE INDEX \d+:M/);
        expect(indexed).not.toMatch(/SCAN messages\b/);
        const rareMessages = plans.rareMessages.join('\n');
        expect(rareMessages).toMatch(/messages_fts VIRTUAL TABLE INDEX \d+:M/);
        expect(rareMessages).toMatch(/SEARCH messages USING INTEGER PRIMARY KEY/);
        expect(rareMessages).not.toMatch(/SCAN messages\b/);
        expect(plans.rareSubjects.join('\n')).toMatch(/topics_fts VIRTUAL TABLE INDEX \d+:M/);
        const among = plans.among.join('\n');
        expect(among).toMatch(/SEARCH topics USING INTEGER PRIMARY KEY/);
        expect(among).not.toMatch(/SCAN topics\b/);
        const recent = plans.recent.join('\n');
        expect(recent).toMatch(
          /SEARCH topics USING INDEX sqlite_autoindex_topics_\d+ \(timestamp>\? AND timestamp<\?\)/,
        );
        expect(recent).toMatch(/SEARCH messages USING INDEX messages_topic_id \(topic_id=\?\)/);
        expect(recent).not.toMatch(/TEMP B-TREE/);
        return;
      }
      // A test database is too small for the planner to prefer an index; forbid the full scan.
      const plans = await ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return explainSearch(trx, 'שלום');
      });
      const indexed = plans.indexed.join('\n');
      expect(indexed).toContain('Bitmap Index Scan on messages_content_search_trgm');
      expect(indexed).toContain('Bitmap Index Scan on topics_subject_search_trgm');
      expect(indexed).not.toMatch(/Seq Scan on messages/);
      expect(plans.rareMessages.join('\n')).toContain('Bitmap Index Scan on messages_content_search_trgm');
      expect(plans.rareSubjects.join('\n')).toContain('Bitmap Index Scan on topics_subject_search_trgm');
      expect(plans.among.join('\n')).toMatch(
        /Index Scan using topics_pkey on topics|Bitmap Index Scan on topics_pkey/,
      );
      expect(plans.among.join('\n')).not.toMatch(/Seq Scan on topics/);
      // The newest topics are walked in order and the walk stops at a page of matches: no sort. As in
      // the other plan tests, the sort and bitmap scans a tiny table invites are turned off: with
      // them off PostgreSQL still sorts where no index gives the order.
      const ordered = await ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        await sql`SET LOCAL enable_sort = off`.execute(trx);
        return explainSearch(trx, 'שלום');
      });
      const recent = ordered.recent.join('\n');
      expect(recent).toMatch(/Index Scan Backward using topics_timestamp_key on topics/);
      expect(recent).toMatch(/Index Scan using messages_topic_id on messages/);
      expect(recent).not.toMatch(/Sort/);
    });
  });
});
