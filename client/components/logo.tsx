/** The site's mark: two speech bubbles, drawn inline so the header needs no extra request. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
      <rect x="2" y="4" width="26" height="20" rx="6" fill="currentColor" />
      <path d="M8 24 L8 31 L15 24 Z" fill="currentColor" />
      <rect x="14" y="14" width="24" height="18" rx="6" fill="var(--color-accent)" />
      <path d="M32 32 L32 38 L26 32 Z" fill="var(--color-accent)" />
      <circle cx="20" cy="23" r="1.8" fill="#fff" />
      <circle cx="26" cy="23" r="1.8" fill="#fff" />
      <circle cx="32" cy="23" r="1.8" fill="#fff" />
    </svg>
  );
}
