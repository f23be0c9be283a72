export function SearchPage() {
  return <h1>חיפוש</h1>;
}
