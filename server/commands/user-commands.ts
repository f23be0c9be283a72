import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { suspendBody } from '../../shared/schemas/members';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { CLI_OPERATOR } from '../modules/admin-forums/admin-forums.service';
import {
  searchMembers,
  setMemberAdmin,
  suspendMember,
  unsuspendMember,
} from '../modules/members/members.service';
import type { Member } from '../../shared/schemas/members';
import { CommandError } from './create-admin';

export const USER_USAGE = `  user find [QUERY] [--after CURSOR]                  members whose name or email contains QUERY, 7 at a time
  user suspend USER (--days N | --forever) --reason R  suspend (USER: id, username or email); sessions end
  user unsuspend USER                                 lift a suspension
  user make-admin USER                                make an admin`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A user named by id, username or email, as the operator typed it. */
async function resolveUser(db: Kysely<Database>, reference: string | undefined): Promise<number> {
  if (!reference) throw new CommandError('user: name the user (id, username or email)');
  const key = reference.trim().toLowerCase();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('username_key', '=', key),
        eb('email_key', '=', key),
        ...(/^\d+$/.test(key) ? [eb('id', '=', Number(key))] : []),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw new CommandError(`user: no user "${reference}"`);
  return row.id;
}

const describe = (member: Member) => {
  const flags = [
    member.isAdmin ? 'admin' : null,
    member.isActive ? null : 'inactive',
    member.deleted ? 'deleted' : null,
    member.suspension
      ? `suspended ${member.suspension.until === null ? 'for good' : `until ${new Date(member.suspension.until).toISOString()}`}: ${member.suspension.reason}`
      : null,
  ].filter(Boolean);
  return (
    `[${member.id}] ${member.username} <${member.email}> joined ${new Date(member.joinedAt).toISOString().slice(0, 10)}, ` +
    `${member.messages} messages${flags.length ? ` (${flags.join('; ')})` : ''}`
  );
};

/** `npm run cli -- user …`: the members screen's operations, through the same services as the API. */
export async function runUserCommand(db: Kysely<Database>, clock: Clock, args: string[]): Promise<string> {
  const deps = { db, clock };
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      after: { type: 'string' },
      days: { type: 'string' },
      forever: { type: 'boolean' },
      reason: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  switch (action) {
    case 'find': {
      const page = await searchMembers(deps, CLI_OPERATOR, { q: positionals[0] ?? '', after: values.after });
      const lines = page.users.map(describe);
      if (lines.length === 0) lines.push('No user found.');
      if (page.next)
        lines.push(
          `More: user find ${JSON.stringify(positionals[0] ?? '')} --after ${JSON.stringify(page.next)}`,
        );
      return lines.join('\n');
    }
    case 'suspend': {
      const userId = await resolveUser(db, positionals[0]);
      const days = values.days === undefined ? undefined : Number(values.days);
      if (values.forever === (days !== undefined))
        throw new CommandError('user suspend: give --days N or --forever');
      if (days !== undefined && !(Number.isFinite(days) && days > 0)) {
        throw new CommandError('user suspend: --days must be a positive number');
      }
      const parsed = suspendBody.safeParse({
        until: days === undefined ? null : clock.now() + Math.round(days * DAY_MS),
        reason: values.reason ?? '',
      });
      if (!parsed.success) throw new CommandError(`user suspend: ${parsed.error.issues[0]?.message}`);
      return describe(await suspendMember(deps, CLI_OPERATOR, userId, parsed.data));
    }
    case 'unsuspend':
      return describe(await unsuspendMember(deps, CLI_OPERATOR, await resolveUser(db, positionals[0])));
    case 'make-admin':
      return describe(await setMemberAdmin(deps, CLI_OPERATOR, await resolveUser(db, positionals[0]), true));
    default:
      throw new CommandError(`Usage: npm run cli -- user <action>\n${USER_USAGE}`);
  }
}
