export function ActivateUserPage() {
  return <h1>הפעלת חשבון</h1>;
}
