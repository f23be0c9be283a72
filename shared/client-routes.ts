/**
 * The client routes of docs/product.md §2, for the server: it answers these with the app and HTTP 200, and
 * every other page path with the app and HTTP 404, so crawlers see a missing page as missing.
 * Keep in step with client/app/routes.tsx.
 */
const CLIENT_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/forum\/\d+$/,
  /^\/topic\/\d+$/,
  /^\/edit-profile$/,
  /^\/search(?:\/[^/]*)?$/,
  /^\/message-reports$/,
  // The topics with messages a member has not seen (an addition to §2).
  /^\/unread$/,
  /^\/moderation-log$/,
  /^\/activate-user(?:\/[^/]+)?$/,
  /^\/forgot-password(?:\/[^/]+)?$/,
  /^\/policy$/,
  /^\/not-found$/,
  // Running the forum (admins; an addition to §2).
  /^\/admin\/forums$/,
  /^\/admin\/site$/,
  /^\/admin\/members(?:\/\d+)?$/,
];

/** Whether a page path (no query) is one of the app's routes; a trailing slash is ignored. */
export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTES.some((route) => route.test(path));
}

/** Pages kept out of search engines (docs/product.md §1): search, edit profile, message reports, activation and reset links. */
const NO_INDEX_ROUTES: readonly RegExp[] = [
  /^\/search(?:\/[^/]*)?$/,
  /^\/edit-profile$/,
  /^\/message-reports$/,
  /^\/moderation-log$/,
  /^\/unread$/,
  /^\/activate-user(?:\/[^/]+)?$/,
  /^\/forgot-password(?:\/[^/]+)?$/,
  /^\/admin\//,
];

/** Whether a page path is one the server marks `noindex`; a trailing slash is ignored. */
export function isNoIndexPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return NO_INDEX_ROUTES.some((route) => route.test(path));
}
