import { Navigate, useParams } from 'react-router';
import { ResetPassword } from '../../features/activation/reset-password';
import { heForms } from '../../i18n/he-forms';
import { useTitle } from '../../session/head';

/** /forgot-password/{encrypted} (docs/product.md §2): an empty value goes home. */
export function ForgotPasswordPage() {
  const { encrypted = '' } = useParams();
  useTitle(heForms.resetPassword.title);
  if (encrypted.trim() === '') return <Navigate to="/" replace />;
  return (
    <div className="activation-page">
      <h1>{heForms.resetPassword.title}</h1>
      <ResetPassword key={encrypted} token={encrypted} />
    </div>
  );
}
