import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  deletedMessagesResponse,
  Member,
  memberSearchResponse,
} from '../../../../shared/schemas/members';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, queryKeys } from '../../../lib/query-keys';

export type { Member };
type MemberSearchResponse = z.infer<typeof memberSearchResponse>;

const searchMembers = (query: string, after: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ q: query });
  if (after) params.set('after', after);
  return apiFetch<MemberSearchResponse>(`${apiPaths.members}?${params}`, { signal });
};

/** GET /api/admin/users?q=&after=: members whose name or email holds the query, 7 a page by name. */
export function useMemberSearch(query: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.members(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => searchMembers(query, pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.next : null),
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/admin/users/{id}: the member with email, join date, message count and suspension. */
export function useMember(userId: number) {
  return useQuery({
    queryKey: queryKeys.member(userId),
    queryFn: ({ signal }) => apiFetch<Member>(apiPaths.member(userId), { signal }),
    enabled: userId > 0,
    retry: false,
  });
}

/** Keeps the member's page and marks the lists stale, after any change to a member. */
function keep(queryClient: QueryClient, member: Member): Member {
  queryClient.setQueryData(queryKeys.member(member.id), member);
  queryClient.invalidateQueries({ queryKey: [apiPaths.members] }).catch(() => undefined);
  return member;
}

export interface SuspendInput {
  /** ms since the epoch; null: for good. */
  until: number | null;
  reason: string;
}

/** POST /api/admin/users/{id}/suspension: the member's sessions end at once. */
export async function suspendMember(queryClient: QueryClient, userId: number, body: SuspendInput) {
  const member = await apiFetch<Member>(`${apiPaths.member(userId)}/suspension`, { method: 'POST', body });
  return keep(queryClient, member);
}

/** DELETE /api/admin/users/{id}/suspension */
export async function liftSuspension(queryClient: QueryClient, userId: number) {
  const member = await apiFetch<Member>(`${apiPaths.member(userId)}/suspension`, { method: 'DELETE' });
  return keep(queryClient, member);
}

/** POST /api/admin/users/{id}/delete-messages: a suspended member's topics and replies, in one step. */
export async function deleteMemberMessages(queryClient: QueryClient, userId: number) {
  const result = await apiFetch<z.infer<typeof deletedMessagesResponse>>(
    `${apiPaths.member(userId)}/delete-messages`,
    { method: 'POST' },
  );
  // Their topics leave every list; the member's count drops to what is left.
  await queryClient.invalidateQueries();
  return result;
}

/** PUT /api/admin/users/{id}/admin (409 `last_admin`). */
export async function setMemberAdmin(queryClient: QueryClient, userId: number, isAdmin: boolean) {
  const member = await apiFetch<Member>(`${apiPaths.member(userId)}/admin`, {
    method: 'PUT',
    body: { isAdmin },
  });
  return keep(queryClient, member);
}
