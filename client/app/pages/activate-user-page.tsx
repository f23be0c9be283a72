import { Navigate, useParams } from 'react-router';
import { ActivateUser } from '../../features/activation/activate-user';
import { HE } from '../../i18n/he-accounts';
import { useTitle } from '../../lib/head';

/** /activate-user/{encrypted} (spec §2): an empty value goes home. */
export function ActivateUserPage() {
  const { encrypted = '' } = useParams();
  useTitle(HE.activation.title);
  if (encrypted.trim() === '') return <Navigate to="/" replace />;
  return (
    <div className="activation-page">
      <h1>{HE.activation.title}</h1>
      <ActivateUser encryptedData={encrypted} />
    </div>
  );
}
