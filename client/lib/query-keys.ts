import type { QueryClient } from '@tanstack/react-query';
import { ALL_POSTS_FORUM_ID } from '../../shared/limits';

/**
 * The query keys of the client, in one place. A list's or a topic's key is the API path of its first
 * page (DESIGN.md), so the fetchers build their URLs from the same functions.
 */
export const apiPaths = {
  /** `/api/home` for all posts (forum 0, docs/product.md §3), else `/api/forum/{id}`. */
  posts: (forumId: number) => (forumId === ALL_POSTS_FORUM_ID ? '/api/home' : `/api/forum/${forumId}`),
  topic: (topicId: number) => `/api/topic/${topicId}`,
  search: (query: string) => `/api/search/${encodeURIComponent(query)}`,
  messageReports: '/api/messageReport',
  moderationLog: '/api/moderation-log',
  forums: '/api/forums',
  site: '/api/site',
  recommendations: '/api/recommendations',
  events: '/api/events',
  eventsTicket: '/api/events/ticket',
  adminForums: '/api/admin/forums',
  adminSite: '/api/admin/site',
  members: '/api/admin/users',
  member: (userId: number) => `/api/admin/users/${userId}`,
  topicAt: (topicId: number, messageId: number) => `/api/topic/${topicId}/at/${messageId}`,
  notifications: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  notificationPreferences: '/api/edit-profile/notifications',
  mentionLookup: (prefix: string) => `/api/users/mention-lookup?prefix=${encodeURIComponent(prefix)}`,
  /** `ids`: comma-separated topic ids. */
  unreadTopics: (ids: string) => `/api/reading/topics?ids=${ids}`,
  unreadPosts: '/api/reading/unread',
  readAll: '/api/reading/read-all',
} as const;

export const queryKeys = {
  posts: (forumId: number) => [apiPaths.posts(forumId)],
  topic: (topicId: number) => [apiPaths.topic(topicId)],
  search: (query: string) => [apiPaths.search(query)],
  messageReports: [apiPaths.messageReports],
  moderationLog: [apiPaths.moderationLog],
  forums: [apiPaths.forums],
  site: [apiPaths.site],
  recommendations: (topicId: number) => [apiPaths.recommendations, topicId],
  /** Under the topic's own key, so refetching or invalidating the topic reaches it too. */
  topicAt: (topicId: number, messageId: number) => [apiPaths.topic(topicId), 'at', messageId],
  notifications: [apiPaths.notifications],
  unreadCount: [apiPaths.unreadCount],
  notificationPreferences: [apiPaths.notificationPreferences],
  mentionLookup: (prefix: string) => [apiPaths.mentionLookup(prefix)],
  /** Every list's unread counts start with this, so reading a topic can refresh them all. */
  unreadTopics: ['/api/reading/topics'],
  /** The member's topics with messages they have not seen (the /unread page), per member. */
  unreadPosts: (userId: number | null) => [apiPaths.unreadPosts, userId],
  activateUser: (encryptedData: string) => ['activate-user', encryptedData],
  validateResetLink: (encryptedData: string) => ['forgot-password-validate', encryptedData],
  adminForums: [apiPaths.adminForums],
  adminSite: [apiPaths.adminSite],
  members: (query: string) => [apiPaths.members, query],
  member: (userId: number) => [apiPaths.member(userId)],
} as const;

const POST_LIST_PREFIXES = ['/api/home', '/api/forum/', '/api/search/'];

/** Marks every post list stale (home, forums, search), so a new or changed topic shows in its place. */
export function invalidatePostLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return typeof key === 'string' && POST_LIST_PREFIXES.some((prefix) => key.startsWith(prefix));
    },
  });
}

/** Refetches one topic (its main message, replies and header). */
export function invalidateTopic(queryClient: QueryClient, topicId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.topic(topicId) });
}
