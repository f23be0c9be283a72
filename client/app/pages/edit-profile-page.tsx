import { Breadcrumbs } from '../../components/breadcrumbs';
import { NotificationPreferencesSection } from '../../features/profile/notification-preferences-section';
import { OwnDataSections } from '../../features/profile/own-data';
import { ProfileSection } from '../../features/profile/profile-section';
import { heForms } from '../../i18n/he-forms';
import { useTitle } from '../../session/head';

/**
 * Edit profile (docs/product.md §2): password, email, birthdate and notification mail, each in its own
 * expandable section, then the member's own data (download, delete the account).
 */
export function EditProfilePage() {
  useTitle(heForms.profile.title);
  return (
    <div className="edit-profile-page">
      <Breadcrumbs trail={[{ label: heForms.profile.title }]} />
      <h1 className="page-title">{heForms.profile.title}</h1>
      <div className="profile-sections">
        <ProfileSection field="Password" />
        <ProfileSection field="Email" />
        <ProfileSection field="Birthdate" />
        <NotificationPreferencesSection />
        {/* A member's own data: download it, delete the account (one of the additions listed in docs/product.md §2). */}
        <OwnDataSections />
      </div>
    </div>
  );
}
