export function ForgotPasswordPage() {
  return <h1>בחירת סיסמה חדשה</h1>;
}
