import { apiPaths, queryKeys } from '../lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../shared/schemas/site';
import { he } from '../i18n/he';
import { apiFetch } from '../lib/api-client';

const getSite = () => apiFetch<SiteInfo>(apiPaths.site);

/**
 * The site's name as the server is configured (SITE_NAME), fetched once per visit. Until it arrives,
 * or when it cannot be had (offline), the built-in name stands in.
 */
export function useSiteName(): string {
  const { data } = useQuery({
    queryKey: queryKeys.site,
    queryFn: getSite,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.siteName || he.siteName;
}
