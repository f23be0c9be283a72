import { queryKeys } from '../../../lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/forgot-password/validate (docs/product.md §7): is this reset link valid and fresh? */
const postValidateResetLink = (encryptedData: string) =>
  apiFetch<unknown>('/api/forgot-password/validate', { method: 'POST', body: { encryptedData } });

export function useValidateResetLink(encryptedData: string) {
  return useQuery({
    queryKey: queryKeys.validateResetLink(encryptedData),
    queryFn: () => postValidateResetLink(encryptedData),
    enabled: encryptedData !== '',
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
