import { type Actor, can } from '../../../shared/policies';
import type { ForumInput, ForumUpdate } from '../../../shared/schemas/admin-forums';
import type { Forum } from '../../../shared/schemas/forums';
import { apiError } from '../../http-error';
import type { DataDeps } from '../../deps';
import { publish } from '../../events';
import { recordModeration } from '../moderation-log/moderation-log.repository';
import { twemojiFileForEmoji } from '../../twemoji';
import {
  countForums,
  countForumTopics,
  deleteForumRow,
  findForumRow,
  insertForum,
  lockForum,
  listForumOrder,
  listForumsWithCounts,
  moveForumTopics,
  nextForumSlot,
  setForumPosition,
  updateForum,
} from './admin-forums.repository';

/** The operator at the command line: may do whatever an admin may. */
export const CLI_OPERATOR: Actor = { id: 0, isAdmin: true };

function allow(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!can.manageForums(actor)) throw apiError(actor ? 'forbidden' : 'unauthorized');
}

/** The icon must be a single emoji Twemoji draws, so it looks the same on every device. */
export function checkIcon(icon: string): string {
  const trimmed = icon.trim();
  if (!twemojiFileForEmoji(trimmed) || /[\p{L}\p{N}\s]/u.test(trimmed)) throw apiError('forum_icon_invalid');
  return trimmed;
}

const present = (row: { id: number; name: string; icon: string; description: string }): Forum => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  description: row.description,
});

async function existing(db: DataDeps['db'], id: number) {
  const forum = await findForumRow(db, id);
  if (!forum) throw apiError('forum_not_found');
  return forum;
}

/** Every forum in order, with its topic count (the admin's list). */
export async function listAdminForums(deps: DataDeps, actor: Actor) {
  allow(actor);
  const rows = await listForumsWithCounts(deps.db);
  return rows.map((row) => ({ ...present(row), topics: Number(row.topics) }));
}

/** Adds a forum after the last one. */
export async function addForum(deps: DataDeps, actor: Actor, input: ForumInput): Promise<Forum> {
  allow(actor);
  const icon = checkIcon(input.icon);
  const forum = await deps.db.transaction().execute(async (trx) => {
    const slot = await nextForumSlot(trx);
    const row = {
      id: slot.id,
      position: slot.position,
      name: input.name,
      icon,
      description: input.description,
    };
    await insertForum(trx, row);
    await publish(trx, { type: 'forums.changed' });
    return row;
  });
  return present(forum);
}

/** Renames a forum, changes its icon or its description; fields left out stay. */
export async function changeForum(
  deps: DataDeps,
  actor: Actor,
  id: number,
  input: ForumUpdate,
): Promise<Forum> {
  allow(actor);
  await existing(deps.db, id);
  const fields = { ...input, ...(input.icon === undefined ? {} : { icon: checkIcon(input.icon) }) };
  await deps.db.transaction().execute(async (trx) => {
    await updateForum(trx, id, fields);
    await publish(trx, { type: 'forums.changed' });
  });
  return present(await existing(deps.db, id));
}

/** Sets the order: `ids` must name every forum exactly once. */
export async function reorderForums(deps: DataDeps, actor: Actor, ids: number[]): Promise<void> {
  allow(actor);
  await deps.db.transaction().execute(async (trx) => {
    const current = await listForumOrder(trx);
    const known = new Set(current.map((forum) => forum.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw apiError('forum_order_invalid');
    }
    for (const [index, id] of ids.entries()) await setForumPosition(trx, id, index + 1);
    await publish(trx, { type: 'forums.changed' });
  });
}

/** Moves a forum one place up (or down) in the order; at the edge it stays. Answers the new order. */
export async function moveForum(
  deps: DataDeps,
  actor: Actor,
  id: number,
  direction: 'up' | 'down',
): Promise<number[]> {
  allow(actor);
  await existing(deps.db, id);
  const order = (await listForumOrder(deps.db)).map((forum) => forum.id);
  const index = order.indexOf(id);
  const other = direction === 'up' ? index - 1 : index + 1;
  const swapWith = order[other];
  if (swapWith !== undefined) {
    order[other] = id;
    order[index] = swapWith;
    await reorderForums(deps, actor, order);
  }
  return order;
}

/** Deletes a forum that holds no topic (a non-empty one is merged instead); never the last forum. */
export async function removeForum(deps: DataDeps, actor: Actor, id: number): Promise<Forum> {
  allow(actor);
  const forum = await deps.db.transaction().execute(async (trx) => {
    const row = await lockForum(trx, id);
    if (!row) throw apiError('forum_not_found');
    if ((await countForumTopics(trx, id)) > 0) throw apiError('forum_not_empty');
    if ((await countForums(trx)) <= 1) throw apiError('last_forum');
    await deleteForumRow(trx, id);
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'forum_deleted',
      forumId: id,
      details: { forumName: row.name },
      createdAt: deps.clock.now(),
    });
    await publish(trx, { type: 'forums.changed' });
    return row;
  });
  return present(forum);
}

/**
 * Merges a forum into another in one transaction: its topics move (keeping their order keys) and
 * the forum is deleted. A topic written into it meanwhile either moves too or fails its insert.
 */
export async function mergeForum(deps: DataDeps, actor: Actor, id: number, into: number) {
  allow(actor);
  if (id === into) throw apiError('forum_merge_into_itself');
  const result = await deps.db.transaction().execute(async (trx) => {
    const merged = await lockForum(trx, id);
    if (!merged) throw apiError('forum_not_found');
    const target = await existing(trx, into);
    const movedTopics = await moveForumTopics(trx, id, into);
    await deleteForumRow(trx, id);
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'forum_merged',
      forumId: into,
      details: { fromForumId: id, fromForumName: merged.name, toForumName: target.name, movedTopics },
      createdAt: deps.clock.now(),
    });
    await publish(trx, { type: 'forums.changed' });
    return { movedTopics, forum: present(target) };
  });
  return result;
}
