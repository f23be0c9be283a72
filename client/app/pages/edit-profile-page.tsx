import { Breadcrumbs } from '../../components/breadcrumbs';
import { ProfileSection } from '../../features/profile/profile-section';
import { HE } from '../../i18n/he-accounts';
import { useTitle } from '../../lib/head';

/** Edit profile (spec §2): password, email and birthdate, each in its own expandable section. */
export function EditProfilePage() {
  useTitle(HE.profile.title);
  return (
    <div className="edit-profile-page">
      <Breadcrumbs trail={[{ label: HE.profile.title }]} />
      <h1 className="page-title">{HE.profile.title}</h1>
      <div className="profile-sections">
        <ProfileSection field="Password" />
        <ProfileSection field="Email" />
        <ProfileSection field="Birthdate" />
      </div>
    </div>
  );
}
