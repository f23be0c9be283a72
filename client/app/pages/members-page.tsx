import { Breadcrumbs } from '../../components/breadcrumbs';
import { MemberSearch } from '../../features/members/member-search';
import { heAdmin } from '../../i18n/he-admin';
import { useTitle } from '../../session/head';

/** Finding members (an admin's screen, one of the additions listed in docs/product.md §2). */
export function MembersPage() {
  useTitle(heAdmin.members.title);
  return (
    <div className="admin-page">
      <Breadcrumbs trail={[{ label: heAdmin.members.title }]} />
      <h1 className="page-title">{heAdmin.members.title}</h1>
      <MemberSearch />
    </div>
  );
}
