import { Breadcrumbs } from '../../components/breadcrumbs';
import { SiteSettings } from '../../features/admin-site/site-settings';
import { heAdmin } from '../../i18n/he-admin';
import { useTitle } from '../../session/head';

/** An admin's screen of running the forum (one of the additions listed in docs/product.md §2). */
export function AdminSitePage() {
  useTitle(heAdmin.site.title);
  return (
    <div className="admin-page">
      <Breadcrumbs trail={[{ label: heAdmin.site.title }]} />
      <h1 className="page-title">{heAdmin.site.title}</h1>
      <SiteSettings />
    </div>
  );
}
