import { queryKeys } from '../../../lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import type { AuthResponse, LinkBody } from '../../../../shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { setAuthenticated } from '../../../session/auth-store';

/** POST /api/user/activate (docs/product.md §7): activates and logs in (`{user, token}`). */
const postActivateUser = (encryptedData: string) =>
  apiFetch<AuthResponse>('/api/user/activate', {
    method: 'POST',
    body: { encryptedData } satisfies LinkBody,
  });

/**
 * Activates once per link value: a query keyed by the value, never retried or refetched, so a
 * remount (or React's development double effects) does not send a second, "already active" call.
 */
export function useActivateUser(encryptedData: string) {
  return useQuery({
    queryKey: queryKeys.activateUser(encryptedData),
    queryFn: async () => {
      const response = await postActivateUser(encryptedData);
      setAuthenticated(response.user, response.token);
      trackEvent('activate_user');
      return response;
    },
    enabled: encryptedData !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
