import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api-client';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { apiPaths, queryKeys } from '../../../lib/query-keys';

/** The edit-profile section id of the notification mail settings. */
export const PREFERENCES_SECTION_ID = 'Notifications';

/** GET /api/edit-profile/notifications, fetched when the section opens. */
export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notificationPreferences,
    queryFn: ({ signal }) => apiFetch<NotificationPreferences>(apiPaths.notificationPreferences, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** PUT /api/edit-profile/notifications, tracked in the EditProfile section like the other fields. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.EditProfile, PREFERENCES_SECTION_ID);
  const save = (preferences: NotificationPreferences) =>
    trackLoad(
      Section.EditProfile,
      async () => {
        const saved = await apiFetch<NotificationPreferences>(apiPaths.notificationPreferences, {
          method: 'PUT',
          body: preferences,
        });
        queryClient.setQueryData(queryKeys.notificationPreferences, saved);
        return saved;
      },
      PREFERENCES_SECTION_ID,
    );
  return { status, save };
}
