import { useAnnouncement } from '../lib/announcer';

/** The page's polite live region, in the layout from the first render so screen readers watch it. */
export function Announcer() {
  const text = useAnnouncement();
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announcer="">
      {text}
    </p>
  );
}
