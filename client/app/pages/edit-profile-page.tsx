export function EditProfilePage() {
  return <h1>עריכת פרופיל</h1>;
}
