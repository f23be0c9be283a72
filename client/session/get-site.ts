import { apiPaths, queryKeys } from '../lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../shared/schemas/site';
import { he } from '../i18n/he';
import { apiFetch } from '../lib/api-client';

const getSite = () => apiFetch<SiteInfo>(apiPaths.site);

/**
 * How long the site settings are trusted before the next page view asks again: an admin's change
 * (GET /api/site is kept fresh by the guest cache) reaches every open tab within this.
 */
const SITE_STALE_MS = 15_000;

/** The site's settings as an admin saved them (or as the server was configured). */
export function useSite(): SiteInfo | undefined {
  const { data } = useQuery({ queryKey: queryKeys.site, queryFn: getSite, staleTime: SITE_STALE_MS });
  return data;
}

/** The site's name; until it arrives, or when it cannot be had (offline), the built-in name stands in. */
export function useSiteName(): string {
  return siteNameOf(useSite());
}

/** useSiteName for a component that reads the rest of the settings too (one query observer, not two). */
export function siteNameOf(site: SiteInfo | undefined): string {
  return site?.siteName || he.siteName;
}
