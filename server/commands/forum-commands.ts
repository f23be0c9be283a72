import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import {
  addForum,
  CLI_OPERATOR,
  changeForum,
  listAdminForums,
  mergeForum,
  moveForum,
  removeForum,
} from '../modules/admin-forums/admin-forums.service';
import { forumDescription, forumIcon, forumName } from '../../shared/schemas/admin-forums';
import { CommandError } from './create-admin';

export const FORUM_USAGE = `  forum list                                          the forums in order, with their topic counts
  forum add --name N --icon I [--description D]       a new forum, placed last
  forum rename ID NAME                                a new name
  forum icon ID EMOJI                                 a new icon (an emoji Twemoji draws)
  forum describe ID TEXT                              a new one-line description ("" for none)
  forum move-up ID | forum move-down ID               one place earlier or later in the order
  forum merge ID --into OTHER                         move every topic to OTHER, then delete ID
  forum remove ID                                     delete an empty forum`;

const id = (value: string | undefined, what = 'ID') => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CommandError(`forum: ${what} must be a forum id`);
  return number;
};

/** Parses a field with the same shared rule as the API, or stops with its Hebrew message. */
function field<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  name: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new CommandError(`forum: ${name}: ${parsed.error.issues[0]?.message ?? 'bad value'}`);
  return parsed.data;
}

/** `npm run cli -- forum …`: the admin's forum operations, through the same services as the API. */
export async function runForumCommand(db: Kysely<Database>, clock: Clock, args: string[]): Promise<string> {
  const deps = { db, clock };
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      icon: { type: 'string' },
      description: { type: 'string' },
      into: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  switch (action) {
    case 'list': {
      const forums = await listAdminForums(deps, CLI_OPERATOR);
      return forums
        .map(
          (forum, index) =>
            `${index + 1}. [${forum.id}] ${forum.icon} ${forum.name} (${forum.topics} topics)` +
            (forum.description ? ` — ${forum.description}` : ''),
        )
        .join('\n');
    }
    case 'add': {
      const forum = await addForum(deps, CLI_OPERATOR, {
        name: field(forumName, values.name, '--name'),
        icon: field(forumIcon, values.icon, '--icon'),
        description: field(forumDescription, values.description ?? '', '--description'),
      });
      return `Forum ${forum.id} added: ${forum.icon} ${forum.name}`;
    }
    case 'rename': {
      const forum = await changeForum(deps, CLI_OPERATOR, id(positionals[0]), {
        name: field(forumName, positionals[1], 'NAME'),
      });
      return `Forum ${forum.id} is now called ${forum.name}`;
    }
    case 'icon': {
      const forum = await changeForum(deps, CLI_OPERATOR, id(positionals[0]), {
        icon: field(forumIcon, positionals[1], 'EMOJI'),
      });
      return `Forum ${forum.id} now shows ${forum.icon}`;
    }
    case 'describe': {
      const forum = await changeForum(deps, CLI_OPERATOR, id(positionals[0]), {
        description: field(forumDescription, positionals[1] ?? '', 'TEXT'),
      });
      return `Forum ${forum.id} description: ${forum.description || '(none)'}`;
    }
    case 'move-up':
    case 'move-down': {
      const order = await moveForum(
        deps,
        CLI_OPERATOR,
        id(positionals[0]),
        action === 'move-up' ? 'up' : 'down',
      );
      return `Order: ${order.join(', ')}`;
    }
    case 'merge': {
      const from = id(positionals[0]);
      const result = await mergeForum(deps, CLI_OPERATOR, from, id(values.into ?? positionals[1], '--into'));
      return `Forum ${from} merged into ${result.forum.id} (${result.forum.name}): ${result.movedTopics} topics moved`;
    }
    case 'remove': {
      const forum = await removeForum(deps, CLI_OPERATOR, id(positionals[0]));
      return `Forum ${forum.id} (${forum.name}) deleted`;
    }
    default:
      throw new CommandError(`Usage: npm run cli -- forum <action>\n${FORUM_USAGE}`);
  }
}
