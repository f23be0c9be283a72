/**
 * Links the footer shows (spec §1). Set at build time for a real deployment; the defaults point to
 * the public pages that exist for any site.
 */
export const SOCIAL_URL: string = import.meta.env.VITE_SOCIAL_URL ?? 'https://www.facebook.com/';
export const ARCHIVE_URL: string = import.meta.env.VITE_ARCHIVE_URL ?? 'https://web.archive.org/';
export const LICENCE_URL = 'https://creativecommons.org/licenses/by-sa/3.0/deed.he';
export const CONTACT_PATH = '/Contact';
export const FIRST_YEAR = 2001;
