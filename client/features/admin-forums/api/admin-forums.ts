import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminForumsResponse,
  ForumInput,
  ForumUpdate,
  forumMergeResponse,
} from '../../../../shared/schemas/admin-forums';
import type { Forum } from '../../../../shared/schemas/forums';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, invalidatePostLists, queryKeys } from '../../../lib/query-keys';

export type AdminForum = z.infer<typeof adminForumsResponse>[number];

/** GET /api/admin/forums: every forum in the admin's order, with its topic count. */
export function useAdminForums() {
  return useQuery({
    queryKey: queryKeys.adminForums,
    queryFn: () => apiFetch<AdminForum[]>(apiPaths.adminForums),
  });
}

/** After a change: this screen's list, and the public list the bottom bar, footer and move box show. */
async function refreshForums(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminForums }),
    queryClient.invalidateQueries({ queryKey: queryKeys.forums }),
  ]);
}

/** POST /api/admin/forums: a new forum, placed last. */
export async function createForum(queryClient: QueryClient, input: ForumInput): Promise<Forum> {
  const forum = await apiFetch<Forum>(apiPaths.adminForums, { method: 'POST', body: input });
  await refreshForums(queryClient);
  return forum;
}

/** PUT /api/admin/forums/{id}: name, icon or description. */
export async function updateForum(queryClient: QueryClient, id: number, input: ForumUpdate): Promise<Forum> {
  const forum = await apiFetch<Forum>(`${apiPaths.adminForums}/${id}`, { method: 'PUT', body: input });
  await refreshForums(queryClient);
  return forum;
}

/** PUT /api/admin/forums/order: every forum once; the list moves at once and the server's answer stays. */
export async function reorderForums(queryClient: QueryClient, forums: AdminForum[]): Promise<void> {
  const previous = queryClient.getQueryData<AdminForum[]>(queryKeys.adminForums);
  queryClient.setQueryData(queryKeys.adminForums, forums);
  try {
    await apiFetch<Forum[]>(`${apiPaths.adminForums}/order`, {
      method: 'PUT',
      body: { ids: forums.map((forum) => forum.id) },
    });
  } catch (error) {
    queryClient.setQueryData(queryKeys.adminForums, previous);
    throw error;
  }
  await refreshForums(queryClient);
}

/** POST /api/admin/forums/{id}/merge: its topics go to `into`, then it is deleted. */
export async function mergeForum(queryClient: QueryClient, id: number, into: number) {
  const result = await apiFetch<z.infer<typeof forumMergeResponse>>(`${apiPaths.adminForums}/${id}/merge`, {
    method: 'POST',
    body: { into },
  });
  await Promise.all([refreshForums(queryClient), invalidatePostLists(queryClient)]);
  return result;
}

/** DELETE /api/admin/forums/{id}: an empty forum only (409 `forum_not_empty`, `last_forum`). */
export async function deleteForum(queryClient: QueryClient, id: number): Promise<void> {
  await apiFetch<unknown>(`${apiPaths.adminForums}/${id}`, { method: 'DELETE' });
  await refreshForums(queryClient);
}
