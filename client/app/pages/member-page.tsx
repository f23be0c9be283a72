import { useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { MemberDetail, useMemberName } from '../../features/members/member-detail';
import { heAdmin } from '../../i18n/he-admin';
import { useRedirectToNotFound } from '../../lib/not-found';
import { useTitle } from '../../session/head';

/**
 * One member, for an admin: `?suspend=1` (the "suspend the author" link of a message's actions)
 * opens the suspend form at once.
 */
export function MemberPage() {
  const userId = Number(useParams().userId);
  const valid = Number.isSafeInteger(userId) && userId > 0;
  const [params] = useSearchParams();
  useRedirectToNotFound(!valid);
  const name = useMemberName(valid ? userId : 0);
  useTitle(name ?? heAdmin.members.title);
  if (!valid) return null;
  return (
    <div className="admin-page">
      <Breadcrumbs trail={[{ label: heAdmin.members.title, to: '/admin/members' }, { label: name ?? '' }]} />
      <h1 className="page-title">{heAdmin.members.title}</h1>
      <MemberDetail userId={userId} startSuspending={params.get('suspend') === '1'} />
    </div>
  );
}
