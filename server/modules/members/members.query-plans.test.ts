import { beforeAll, expect, it } from 'vitest';
import { MEMBERS_PAGE_SIZE } from '../../../shared/schemas/members';
import { describeEachDatabase } from '../../test/databases';
import { plan } from '../../test/query-plans';
import { createTopic, createUser } from '../../test/factories';
import { searchMembersQuery } from './members.repository';

describeEachDatabase('query plan of the member search', (ctx) => {
  beforeAll(async () => {
    for (let index = 0; index < 40; index += 1) {
      const { user } = await createUser(ctx.db, { username: `member${index}` });
      if (index % 4 === 0) await createTopic(ctx.db, { userId: user.id });
    }
  });

  it('walks the unique username_key index in order (no sort, no scan of the table) and counts messages by index', async () => {
    for (const options of [
      { query: '', after: undefined },
      { query: 'mem', after: undefined },
      { query: 'mem', after: 'member17' },
    ]) {
      const text = await plan(
        ctx.db,
        ctx.kind,
        searchMembersQuery(ctx.db, { ...options, limit: MEMBERS_PAGE_SIZE + 1 }),
      );
      if (ctx.kind === 'sqlite') {
        expect(text).toMatch(/(SCAN|SEARCH) users USING INDEX sqlite_autoindex_users_\d+/);
        expect(text).toMatch(/SEARCH messages USING COVERING INDEX messages_user_id/);
        expect(text).not.toMatch(/TEMP B-TREE/);
        expect(text).not.toMatch(/^SCAN \w+$/m);
      } else {
        expect(text).toMatch(/Index Scan using users_username_key_key on users/);
        expect(text).toMatch(/Index Only Scan using messages_user_id/);
        expect(text).not.toMatch(/Seq Scan|Sort/);
      }
    }
  });
});
