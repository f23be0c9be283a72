import type { AnalyticsBody, AnalyticsEventName } from '../../shared/schemas/analytics';

const XSRF_COOKIE = 'XSRF-TOKEN';

function xsrfToken(): string | undefined {
  const part = document.cookie.split('; ').find((entry) => entry.startsWith(`${XSRF_COOKIE}=`));
  return part ? decodeURIComponent(part.slice(XSRF_COOKIE.length + 1)) : undefined;
}

// An optional third-party property (e.g. a Google Analytics id) set at build time; page views go to
// the first-party endpoint either way.
const THIRD_PARTY_ID: string | undefined = import.meta.env.VITE_ANALYTICS_ID;

interface GtagWindow {
  dataLayer?: unknown[];
}

function sendThirdParty(body: AnalyticsBody): void {
  if (!THIRD_PARTY_ID) return;
  const target = window as unknown as GtagWindow;
  target.dataLayer ??= [];
  target.dataLayer.push(
    body.kind === 'page_view'
      ? ['event', 'page_view', { page_path: body.path, send_to: THIRD_PARTY_ID }]
      : ['event', body.name, { event_label: body.label, send_to: THIRD_PARTY_ID }],
  );
}

/** Fire and forget: analytics never delays or breaks the page, and survives the page closing. */
function send(body: AnalyticsBody): void {
  sendThirdParty(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = xsrfToken();
  if (token) headers['x-xsrf-token'] = token;
  fetch('/api/analytics', {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => {
    // Offline or blocked: a lost page view is not worth telling anyone about.
  });
}

let lastPageView = '';

/** A page view for each navigation (docs/product.md §1). Repeats of the same path in a row are sent once. */
export function trackPageView(path: string): void {
  if (path === lastPageView) return;
  lastPageView = path;
  send({ kind: 'page_view', path });
}

/** One of the spec's analytics events, e.g. `guest_search`. */
export function trackEvent(name: AnalyticsEventName, label?: string): void {
  send(
    label === undefined
      ? { kind: 'event', path: window.location.pathname, name }
      : { kind: 'event', path: window.location.pathname, name, label },
  );
}
