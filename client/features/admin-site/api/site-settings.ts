import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { SiteInfo, SiteSettingsUpdate } from '../../../../shared/schemas/site';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/site: the five settings as stored. */
export function useSiteSettings() {
  return useQuery({ queryKey: queryKeys.adminSite, queryFn: () => apiFetch<SiteInfo>(apiPaths.adminSite) });
}

/** PUT /api/admin/site; the public `/api/site` the header, footer and titles read is refreshed at once. */
export async function saveSiteSettings(
  queryClient: QueryClient,
  body: SiteSettingsUpdate,
): Promise<SiteInfo> {
  const site = await apiFetch<SiteInfo>(apiPaths.adminSite, { method: 'PUT', body });
  queryClient.setQueryData(queryKeys.adminSite, site);
  queryClient.setQueryData(queryKeys.site, site);
  return site;
}
