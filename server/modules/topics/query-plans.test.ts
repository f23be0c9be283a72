import { beforeAll, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits';
import { describeEachDatabase } from '../../test/databases';
import { plan } from '../../test/query-plans';
import { createReply, createTopic, createUser } from '../../test/factories';
import {
  likesByMessageQuery,
  listTopicMessagesQuery,
  lockMessageWithTopicQuery,
  toggleLikeQuery,
} from '../messages/messages.repository';
import {
  findTopicWithMainMessageQuery,
  listTopicMessagesWithAuthorsQuery,
  topicPageQuery,
  listTopicsWithAuthorsQuery,
} from './topic-pages.repository';
import { updateGroupQuery } from '../notifications/notifications.repository';
import { idList } from '../../db/id-lists';
import { usersAmongQuery } from '../users/users.repository';
import { countReplyQuery, insertCountedReplyQuery, listTopicsQuery } from './topics.repository';

function expectIndexWalk(text: string, kind: 'sqlite' | 'postgres', index: RegExp) {
  if (kind === 'sqlite') {
    expect(text).toMatch(new RegExp(`(SCAN|SEARCH) \\w+ USING (COVERING )?INDEX ${index.source}`));
    expect(text).not.toMatch(/TEMP B-TREE/);
    expect(text).not.toMatch(/^SCAN \w+$/m);
  } else {
    expect(text).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index.source}`));
    expect(text).not.toMatch(/Seq Scan|Sort/);
  }
}

describeEachDatabase('query plans of the lists and the topic page', (ctx) => {
  let topicId = 0;

  beforeAll(async () => {
    const { user } = await createUser(ctx.db);
    const start = Date.UTC(2026, 0, 1);
    for (let index = 0; index < 60; index += 1) {
      const { topic } = await createTopic(ctx.db, {
        userId: user.id,
        forumId: (index % 5) + 1,
        now: start + index,
      });
      topicId = topic.id;
    }
    for (let index = 0; index < 40; index += 1) {
      await createReply(ctx.db, { topicId, userId: user.id, now: start + 1000 + index });
    }
  });

  const limit = LIMITS.pageSize + 1;
  const homeIndex = { sqlite: /sqlite_autoindex_topics_\d+/, postgres: /topics_timestamp_key/ };

  it('walks the timestamp index for the home page and its more pages', async () => {
    for (const before of [undefined, Number.MAX_SAFE_INTEGER]) {
      const text = await plan(ctx.db, ctx.kind, listTopicsQuery(ctx.db, { before, limit }));
      expectIndexWalk(text, ctx.kind, homeIndex[ctx.kind]);
    }
  });

  it('walks (forum_id, timestamp) for a forum page and its more pages', async () => {
    for (const before of [undefined, Number.MAX_SAFE_INTEGER]) {
      const text = await plan(ctx.db, ctx.kind, listTopicsQuery(ctx.db, { forumId: 2, before, limit }));
      expectIndexWalk(text, ctx.kind, /topics_forum_timestamp/);
    }
  });

  it('walks (topic_id, id) for the replies of a topic and its more pages', async () => {
    for (const before of [undefined, topicId + 20]) {
      const text = await plan(ctx.db, ctx.kind, listTopicMessagesQuery(ctx.db, topicId, { before, limit }));
      expectIndexWalk(text, ctx.kind, /messages_topic_id/);
    }
  });

  it('finds the likes of a page of messages by the likes primary key', async () => {
    const text = await plan(ctx.db, ctx.kind, likesByMessageQuery(ctx.db, [topicId, topicId + 1]));
    if (ctx.kind === 'sqlite') {
      expect(text).toMatch(/SEARCH likes USING (COVERING )?INDEX sqlite_autoindex_likes_1 \(message_id=\?\)/);
    } else {
      expect(text).toMatch(/Index (Only )?Scan using likes_pk|Bitmap Index Scan on likes_pk/);
      expect(text).not.toMatch(/Seq Scan/);
    }
  });

  it('reads a list page with its authors in one walk of the same index, each author by primary key', async () => {
    const cases = [
      { forumId: undefined, index: homeIndex[ctx.kind] },
      { forumId: 2, index: /topics_forum_timestamp/ },
    ];
    for (const { forumId, index } of cases) {
      for (const before of [undefined, Number.MAX_SAFE_INTEGER]) {
        const text = await plan(
          ctx.db,
          ctx.kind,
          listTopicsWithAuthorsQuery(ctx.db, { forumId, before, limit }),
        );
        expectIndexWalk(text, ctx.kind, index);
        expectPrimaryKeyLookup(text, ctx.kind, 'users');
      }
    }
  });

  it('finds the users of a list of ids (one parameter) each by primary key', async () => {
    const text = await plan(ctx.db, ctx.kind, usersAmongQuery(ctx.db, idList(ctx.db, [1, 2, 3])));
    expectPrimaryKeyLookup(text, ctx.kind, 'users');
  });

  it('reads a page of messages with authors and likes in one walk of (topic_id, id)', async () => {
    for (const before of [undefined, topicId + 20]) {
      const text = await plan(
        ctx.db,
        ctx.kind,
        listTopicMessagesWithAuthorsQuery(ctx.db, topicId, { before, limit }),
      );
      // The one sort SQLite adds orders a single message's likes inside their aggregate.
      const outer = text.replace(/^USE TEMP B-TREE FOR group_concat\(ORDER BY\)$/m, '');
      expectIndexWalk(outer, ctx.kind, /messages_topic_id/);
      expectPrimaryKeyLookup(text, ctx.kind, 'users');
      expectLikesByPrimaryKey(text, ctx.kind);
    }
    const head = await plan(ctx.db, ctx.kind, findTopicWithMainMessageQuery(ctx.db, topicId));
    expectPrimaryKeyLookup(head, ctx.kind, 'messages');
    expectPrimaryKeyLookup(head, ctx.kind, 'topics');
    expectPrimaryKeyLookup(head, ctx.kind, 'users');
    expectLikesByPrimaryKey(head, ctx.kind);
  });

  it('reads a topic page, head and newest messages, in one statement by the same lookups', async () => {
    const text = await plan(ctx.db, ctx.kind, topicPageQuery(ctx.db, topicId, limit));
    // SQLite reads the newest messages' derived table (at most `limit` rows) as its walk yields them.
    const outer = text.replace(/^USE TEMP B-TREE FOR group_concat\(ORDER BY\)$|^SCAN newest$/gm, '');
    expectIndexWalk(outer, ctx.kind, /messages_topic_id/);
    expectPrimaryKeyLookup(text, ctx.kind, 'messages');
    expectPrimaryKeyLookup(text, ctx.kind, 'topics');
    expectPrimaryKeyLookup(text, ctx.kind, 'users');
    expectLikesByPrimaryKey(text, ctx.kind);
  });
});

// SQLite runs the message's insert and countReplyQuery apart (checked above), and a like's
// toggle and its list of likes too.
describeEachDatabase(
  'query plans of a reply and a like on PostgreSQL',
  (ctx) => {
    it('toggles a like and lists the message’s likes in one statement, by the likes primary key', async () => {
      const text = await plan(ctx.db, ctx.kind, toggleLikeQuery(ctx.db, 1, 1, 1));
      expect(text).toMatch(/Delete on likes/);
      expect(text).toMatch(/Insert on likes/);
      expectLikesByPrimaryKey(text, ctx.kind);
      expect(text).not.toMatch(/Seq Scan/);
    });

    it('writes the message and counts it into its topic in one statement, by the same lookups', async () => {
      const reply = { topicId: 1, userId: 1, content: '<p>x</p>', contentSearch: 'x', createdAt: 1 };
      const text = await plan(ctx.db, ctx.kind, insertCountedReplyQuery(ctx.db, reply, 1_000_000));
      expect(text).toMatch(/Insert on messages/);
      expectPrimaryKeyLookup(text, ctx.kind, 'topics');
      expect(text).toMatch(/Index (Only )?Scan using topics_timestamp_key on topics holder/);
      expect(text).not.toMatch(/Seq Scan/);
    });
  },
  { only: 'postgres' },
);

describeEachDatabase('query plans of the reply and like writes', (ctx) => {
  it('counts a reply by the topic primary key and probes its order key by the timestamp index', async () => {
    const text = await plan(ctx.db, ctx.kind, countReplyQuery(ctx.db, 1, 1_000_000, { ifFree: true }));
    expectPrimaryKeyLookup(text, ctx.kind, 'topics');
    if (ctx.kind === 'sqlite')
      expect(text).toMatch(
        /SEARCH holder USING (COVERING )?INDEX sqlite_autoindex_topics_\d+ \(timestamp=\?\)/,
      );
    else expect(text).toMatch(/Index (Only )?Scan using topics_timestamp_key on topics holder/);
  });

  it('reads a liked message and its topic by their primary keys', async () => {
    const text = await plan(ctx.db, ctx.kind, lockMessageWithTopicQuery(ctx.db, 1));
    expectPrimaryKeyLookup(text, ctx.kind, 'messages');
    expectPrimaryKeyLookup(text, ctx.kind, 'topics');
  });

  it('updates a like group through the (user_id, group_key) index', async () => {
    const change = { actorId: 1, actorCount: 2, unread: true };
    const text = await plan(ctx.db, ctx.kind, updateGroupQuery(ctx.db, 1, 'like:1:0', change));
    if (ctx.kind === 'sqlite')
      expect(text).toMatch(
        /SEARCH notifications USING INDEX notifications_group \(user_id=\? AND group_key=\?\)/,
      );
    else {
      expect(text).toMatch(/Index Scan using notifications_group on notifications/);
      expect(text).not.toMatch(/Seq Scan/);
    }
  });
});

/** A joined table read one row at a time by its primary key, never scanned. */
function expectPrimaryKeyLookup(text: string, kind: 'sqlite' | 'postgres', table: string) {
  if (kind === 'sqlite') {
    expect(text).toMatch(new RegExp(`SEARCH ${table} USING INTEGER PRIMARY KEY \\(rowid=\\?\\)`));
    expect(text).not.toMatch(new RegExp(`SCAN ${table}\\b`));
  } else {
    expect(text).toMatch(new RegExp(`Index Scan using ${table}_pkey on ${table}`));
    expect(text).not.toMatch(new RegExp(`Seq Scan on ${table}`));
  }
}

/** The likes aggregate of each message reads the likes primary key (message_id, user_id). */
function expectLikesByPrimaryKey(text: string, kind: 'sqlite' | 'postgres') {
  if (kind === 'sqlite') {
    expect(text).toMatch(/SEARCH likes USING (COVERING )?INDEX sqlite_autoindex_likes_1 \(message_id=\?\)/);
  } else {
    expect(text).toMatch(/Index (Only )?Scan using likes_pk on likes/);
    expect(text).not.toMatch(/Seq Scan on likes/);
  }
}
