import { Breadcrumbs } from '../../components/breadcrumbs';
import { AdminForums } from '../../features/admin-forums/admin-forums';
import { heAdmin } from '../../i18n/he-admin';
import { useTitle } from '../../session/head';

/** An admin's screen of running the forum (one of the additions listed in docs/product.md §2). */
export function AdminForumsPage() {
  useTitle(heAdmin.forums.title);
  return (
    <div className="admin-page">
      <Breadcrumbs trail={[{ label: heAdmin.forums.title }]} />
      <h1 className="page-title">{heAdmin.forums.title}</h1>
      <AdminForums />
    </div>
  );
}
