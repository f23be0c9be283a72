export function MessageReportsPage() {
  return <h1>דיווחים על הודעות</h1>;
}
