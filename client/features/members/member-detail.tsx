import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../lib/dates';
import { LoadStatus } from '../../../shared/load-status';
import { can } from '../../../shared/policies';
import { ActionStatus } from '../../components/form/action-status';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { he } from '../../i18n/he';
import { heAdmin } from '../../i18n/he-admin';
import { loadStatusOfQuery } from '../../lib/load-status-store';
import { useRedirectToNotFound } from '../../lib/not-found';
import { useAction } from '../../lib/use-action';
import { useActor } from '../../session/auth-store';
import {
  deleteMemberMessages,
  liftSuspension,
  type Member,
  setMemberAdmin,
  suspendMember,
  useMember,
} from './api/members';
import { MemberBadges } from './member-badges';
import { SuspendDialog } from './suspend-dialog';
import { textDirection } from '../../lib/text-direction';
import '../../components/admin-screens.css';

/** The member's page: who they are, and what an admin may do about them. */
export function MemberDetail({ userId, startSuspending }: { userId: number; startSuspending: boolean }) {
  const query = useMember(userId);
  useRedirectToNotFound(loadStatusOfQuery(query) === LoadStatus.NotFound);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <FailurePanel onRetry={() => query.refetch()} />;
  return <MemberCard member={query.data} startSuspending={startSuspending} />;
}

/** The member's name, for the page's title and breadcrumbs once it has arrived. */
export function useMemberName(userId: number): string | undefined {
  return useMember(userId).data?.username;
}

type Panel = 'suspend' | 'deleteMessages' | null;

function MemberCard({ member, startSuspending }: { member: Member; startSuspending: boolean }) {
  const queryClient = useQueryClient();
  const actor = useActor();
  const canSuspend =
    can.manageMembers(actor) && actor?.id !== member.id && !member.isAdmin && !member.deleted;
  const [panel, setPanel] = useState<Panel>(
    startSuspending && canSuspend && !member.suspension ? 'suspend' : null,
  );
  const action = useAction();
  const [done, setDone] = useState('');
  const run = async (work: () => Promise<unknown>, text: string) => {
    setPanel(null);
    if ((await action.run(work)) !== undefined && text) setDone(text);
  };
  const suspension = member.suspension;

  return (
    <article className="admin-card member-card" aria-label={member.username}>
      <h2 className="section-title">
        <span dir="auto">{member.username}</span> <MemberBadges member={member} />
      </h2>
      <dl className="member-facts">
        <dt>{heAdmin.members.email}</dt>
        <dd>
          <span dir="ltr">{member.email || '—'}</span>
        </dd>
        <dt>{heAdmin.members.joined}</dt>
        <dd>{formatDate(member.joinedAt)}</dd>
        <dt>{heAdmin.members.messages}</dt>
        <dd>{member.messages}</dd>
        {suspension ? (
          <>
            <dt>{heAdmin.members.suspendedBadge}</dt>
            <dd>
              {suspension.until === null
                ? heAdmin.members.suspendedForever
                : heAdmin.members.suspendedUntil(formatDate(suspension.until))}
            </dd>
            <dt>{heAdmin.members.reason}</dt>
            <dd dir={textDirection(suspension.reason)}>{suspension.reason}</dd>
          </>
        ) : null}
      </dl>
      <div className="member-actions">
        {canSuspend && !suspension ? (
          <button
            type="button"
            className="admin-chip"
            aria-expanded={panel === 'suspend'}
            onClick={() => setPanel(panel === 'suspend' ? null : 'suspend')}
          >
            {heAdmin.members.suspend}
          </button>
        ) : null}
        {suspension ? (
          <button
            type="button"
            className="admin-chip"
            disabled={action.loading}
            onClick={() => run(() => liftSuspension(queryClient, member.id), heAdmin.members.lifted)}
          >
            {heAdmin.members.lift}
          </button>
        ) : null}
        {suspension && member.messages > 0 ? (
          <button
            type="button"
            className="admin-chip"
            aria-expanded={panel === 'deleteMessages'}
            onClick={() => setPanel(panel === 'deleteMessages' ? null : 'deleteMessages')}
          >
            {heAdmin.members.deleteMessages}
          </button>
        ) : null}
        {can.grantAdmin(actor) && actor?.id !== member.id && !member.deleted && !suspension ? (
          <button
            type="button"
            className="admin-chip"
            disabled={action.loading}
            onClick={() =>
              run(() => setMemberAdmin(queryClient, member.id, !member.isAdmin), heAdmin.members.roleSaved)
            }
          >
            {member.isAdmin ? heAdmin.members.removeAdmin : heAdmin.members.makeAdmin}
          </button>
        ) : null}
      </div>
      <ActionStatus status={action.status} error={action.error} success={done} onReset={action.reset} />
      {panel === 'suspend' ? (
        <SuspendDialog
          username={member.username}
          onSubmit={(input) => suspendMember(queryClient, member.id, input)}
          onCancel={() => setPanel(null)}
        />
      ) : null}
      {panel === 'deleteMessages' ? (
        <div className="member-panel">
          <p>{heAdmin.members.deleteMessagesConfirm}</p>
          <div className="form-actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() =>
                run(async () => {
                  const result = await deleteMemberMessages(queryClient, member.id);
                  setDone(heAdmin.members.messagesDeleted(result.deletedTopics, result.deletedMessages));
                  return result;
                }, '')
              }
            >
              {heAdmin.members.deleteMessages}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setPanel(null)}>
              {he.common.cancel}
            </button>
          </div>
        </div>
      ) : null}
    </article>
  );
}
