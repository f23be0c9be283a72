import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Message } from '../../../shared/schemas/messages';
import type { TopicResponse } from '../../../shared/schemas/topics';
import { he } from '../../i18n/he';
import { announce } from '../../lib/announcer';
import { apiFetch } from '../../lib/api-client';
import { getAuth } from '../../session/auth-store';
import { type LiveEvent, useLiveEvents } from '../../lib/live-events';
import { mergeById } from '../../lib/merge-pages';
import { apiPaths, invalidateTopic, queryKeys } from '../../lib/query-keys';
import type { TopicPage } from './get-topic';

type TopicData = InfiniteData<TopicPage, number | null>;

const isFirstPage = (page: TopicPage): page is TopicResponse => 'mainMessage' in page;

/**
 * Folds the topic's latest page (a fresh `GET /api/topic/{id}`) into the pages shown: replies newer
 * than the newest known are appended to the first page, known ones in the latest page's range are
 * replaced (edits, likes) or dropped (deleted). Earlier pages and their keyset cursors stay as
 * they are, so "show earlier messages" still continues below the oldest reply fetched. Returns
 * null when replies were missed in between (more new ones than a page holds): refetch all.
 */
export function mergeLatestPage(data: TopicData, latest: TopicResponse): TopicData | null {
  const [first, ...rest] = data.pages;
  if (!first || !isFirstPage(first)) return null;
  const known = data.pages.flatMap((page) => page.messages);
  const newestKnown = Math.max(first.mainMessage.id, ...known.map((message) => message.id));
  const fresh = latest.messages.filter((message) => message.id > newestKnown);
  if (fresh.length > 0 && fresh.length === latest.messages.length && latest.hasMoreMessages) return null;

  const latestById = new Map(latest.messages.map((message) => [message.id, message]));
  // Below this id the latest page says nothing; at or above it, a known reply it lacks is gone.
  const windowStart = latest.hasMoreMessages
    ? Math.min(...latest.messages.map((message) => message.id), Number.POSITIVE_INFINITY)
    : 0;
  const refresh = (messages: readonly Message[]): Message[] =>
    messages.flatMap((message) => {
      if (message.id < windowStart) return [message];
      const current = latestById.get(message.id);
      return current ? [current] : [];
    });

  const users = [...mergeById([latest.users, first.users]).values()];
  const newFirst: TopicResponse = {
    ...latest,
    users,
    messages: [...refresh(first.messages), ...fresh],
    hasMoreMessages: first.hasMoreMessages,
  };
  return {
    ...data,
    pages: [newFirst, ...rest.map((page) => ({ ...page, messages: refresh(page.messages) }))],
  };
}

/** Drops one message from every page (a deleted reply older than the latest page). */
function withoutMessage(data: TopicData, messageId: number): TopicData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.filter((message) => message.id !== messageId),
    })),
  };
}

const inLatestWindow = (latest: TopicResponse, messageId: number) =>
  latest.mainMessage.id === messageId ||
  !latest.hasMoreMessages ||
  latest.messages.some((message) => message.id <= messageId);

/** Says politely who wrote each reply that arrived, other than the reader's own. */
function announceNewReplies(data: TopicData, latest: TopicResponse): void {
  const known = data.pages.flatMap((page) => page.messages);
  const first = data.pages[0];
  const newestKnown = Math.max(
    first && isFirstPage(first) ? first.mainMessage.id : 0,
    ...known.map((m) => m.id),
  );
  const ownId = getAuth().user?.id;
  const lines = latest.messages
    .filter((message) => message.id > newestKnown && message.userId !== ownId)
    .map((message) =>
      he.newReplyBy(latest.users.find((user) => user.id === message.userId)?.username ?? he.unknownUser),
    );
  if (lines.length > 0) announce(lines.join('. '));
}

async function applyEvent(queryClient: QueryClient, topicId: number, event: LiveEvent): Promise<void> {
  const key = queryKeys.topic(topicId);
  if (event.type === 'resync' || event.type === 'topic.deleted') {
    await invalidateTopic(queryClient, topicId);
    return;
  }
  if (!queryClient.getQueryData<TopicData>(key)) return;
  const latest = await apiFetch<TopicResponse>(apiPaths.topic(topicId));
  const data = queryClient.getQueryData<TopicData>(key);
  if (!data) return;
  if (event.type === 'message.created') announceNewReplies(data, latest);
  const merged = mergeLatestPage(data, latest);
  if (!merged) {
    await invalidateTopic(queryClient, topicId);
    return;
  }
  if ('messageId' in event && !inLatestWindow(latest, event.messageId)) {
    // An older reply than the latest page holds: drop a deleted one, refetch for an edit or a like.
    if (event.type === 'message.deleted') {
      queryClient.setQueryData<TopicData>(key, withoutMessage(merged, event.messageId));
      return;
    }
    queryClient.setQueryData<TopicData>(key, merged);
    await invalidateTopic(queryClient, topicId);
    return;
  }
  queryClient.setQueryData<TopicData>(key, merged);
}

/**
 * Keeps a shown topic live: new replies, edits, deletions, likes and header changes arrive over
 * the tab's event stream and are fetched as the latest page, one fetch at a time, in the order
 * the events came.
 */
export function useTopicLive(topicId: number, enabled: boolean): void {
  const queryClient = useQueryClient();
  const run = useMemo(() => {
    const queue: LiveEvent[] = [];
    let running = false;
    const drain = async (): Promise<void> => {
      running = true;
      for (let event = queue.shift(); event; event = queue.shift()) {
        try {
          await applyEvent(queryClient, topicId, event);
        } catch {
          // The topic may be gone or the network down: a later event or a resync catches up.
        }
      }
      running = false;
    };
    return (event: LiveEvent) => {
      queue.push(event);
      if (!running) void drain();
    };
  }, [queryClient, topicId]);
  useLiveEvents(enabled ? { topic: topicId } : null, run);
}
