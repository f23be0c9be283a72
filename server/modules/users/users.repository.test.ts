import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createUser } from '../../test/factories';
import { findUsersByIds } from './users.repository';

describeEachDatabase('the users of a list of ids', (ctx) => {
  it('gives each user once, in id order, whatever the list holds', async () => {
    const made = [];
    for (let index = 0; index < 12; index += 1) made.push((await createUser(ctx.db)).user);
    const [first, second, third] = made;
    if (!first || !second || !third) throw new Error('users were made');
    const found = await findUsersByIds(ctx.db, [third.id, first.id, third.id, 9_999_999, second.id]);
    expect(found.map((user) => user.id)).toEqual([first.id, second.id, third.id]);
    expect(found[0]).toEqual({ id: first.id, username: first.username, is_admin: 0 });
    // Lists of every length share one statement; each still gives exactly its own users.
    for (let length = 1; length <= made.length; length += 1) {
      const ids = made.slice(0, length).map((user) => user.id);
      expect((await findUsersByIds(ctx.db, ids)).map((user) => user.id)).toEqual(ids);
    }
    expect(await findUsersByIds(ctx.db, [])).toEqual([]);
    await expect(findUsersByIds(ctx.db, [Number.NaN])).rejects.toThrow(TypeError);
  });
});
