import { Navigate, useParams } from 'react-router';
import { ActivateUser } from '../../features/activation/activate-user';
import { heForms } from '../../i18n/he-forms';
import { useTitle } from '../../session/head';

/** /activate-user/{encrypted} (docs/product.md §2): an empty value goes home. */
export function ActivateUserPage() {
  const { encrypted = '' } = useParams();
  useTitle(heForms.activation.title);
  if (encrypted.trim() === '') return <Navigate to="/" replace />;
  return (
    <div className="activation-page">
      <h1>{heForms.activation.title}</h1>
      <ActivateUser encryptedData={encrypted} />
    </div>
  );
}
