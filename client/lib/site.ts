/**
 * Fixed links of the footer (docs/product.md §1). The social page and archive links are site settings an admin
 * edits (GET /api/site, `useSite` in client/session/get-site.ts).
 */
export const LICENCE_URL = 'https://creativecommons.org/licenses/by-sa/3.0/deed.he';
export const CONTACT_PATH = '/Contact';
export const FIRST_YEAR = 2001;
