import { heAdmin } from '../../i18n/he-admin';
import type { Member } from './api/members';

/** Admin, suspended, deleted or not yet activated, at a glance. */
export function MemberBadges({ member }: { member: Member }) {
  return (
    <>
      {member.isAdmin ? <span className="member-badge">{heAdmin.members.admin}</span> : null}
      {member.suspension ? (
        <span className="member-badge member-badge--warn">{heAdmin.members.suspendedBadge}</span>
      ) : null}
      {member.deleted ? (
        <span className="member-badge member-badge--warn">{heAdmin.members.deletedBadge}</span>
      ) : null}
      {!member.isActive && !member.deleted ? (
        <span className="member-badge">{heAdmin.members.inactiveBadge}</span>
      ) : null}
    </>
  );
}
