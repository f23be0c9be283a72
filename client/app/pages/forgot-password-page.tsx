import { Navigate, useParams } from 'react-router';
import { ResetPassword } from '../../features/activation/reset-password';
import { HE } from '../../i18n/he-accounts';
import { useTitle } from '../../lib/head';

/** /forgot-password/{encrypted} (spec §2): an empty value goes home. */
export function ForgotPasswordPage() {
  const { encrypted = '' } = useParams();
  useTitle(HE.resetPassword.title);
  if (encrypted.trim() === '') return <Navigate to="/" replace />;
  return (
    <div className="activation-page">
      <h1>{HE.resetPassword.title}</h1>
      <ResetPassword key={encrypted} token={encrypted} />
    </div>
  );
}
