import type { ForumEvent } from '../events';

/**
 * The tags cached answers carry, one per thing they show:
 * - `topic:{id}`: the topic's page and JSON, all its `more` pages;
 * - `forum:{id}`: the forum's list pages (first and `more`), its page and its feed;
 * - `home`: the home list pages, the home page and the site feed (order by last activity);
 * - `recs`: every recommendations answer (any topic's list may show any other topic, the newest
 *   ones fill it up, so a change to one topic's row can reach any of them);
 * - `forums`: the list of forums (no write changes it today; an admin change of forums will).
 */
export const cacheTags = {
  topic: (id: number) => `topic:${id}`,
  forum: (id: number) => `forum:${id}`,
  home: 'home',
  recommendations: 'recs',
  forums: 'forums',
} as const;

/** What a list row (post) of a topic shows changed: the lists holding it and the recommendations. */
function listedIn(forumId: number): string[] {
  return [cacheTags.home, cacheTags.forum(forumId), cacheTags.recommendations];
}

/** Drop every entry. */
export const ALL = 'all';

/**
 * The tags whose entries a write makes stale. Exhaustive over the event kinds: a new kind does
 * not compile until it says what it changes.
 */
export function tagsForEvent(event: ForumEvent): string[] | typeof ALL {
  switch (event.type) {
    // A new or deleted topic: its own page, its forum's and the home lists (every page after its
    // place shifts), and recommendations (the newest topics fill them).
    case 'topic.created':
    case 'topic.deleted':
    // Subject, image: shown on the topic page and on every list row of the topic.
    case 'topic.updated':
      return [cacheTags.topic(event.topicId), ...listedIn(event.forumId)];
    // Leaves one forum's lists for another's; the topic JSON carries its forum id.
    case 'topic.moved':
      return [cacheTags.topic(event.topicId), ...listedIn(event.forumId), cacheTags.forum(event.fromForumId)];
    // A reply added or deleted changes the topic's replies, its count and its last activity (its
    // place in the lists).
    case 'message.created':
    case 'message.deleted':
      return [cacheTags.topic(event.topicId), ...listedIn(event.forumId)];
    // Editing a reply shows only on the topic; editing the main message renews the preview the
    // lists show.
    case 'message.updated':
      return event.messageId === event.topicId
        ? [cacheTags.topic(event.topicId), ...listedIn(event.forumId)]
        : [cacheTags.topic(event.topicId)];
    // Likes are shown only on the topic's messages; list rows carry no like count.
    case 'message.liked':
      return [cacheTags.topic(event.topicId)];
    // A forum's name, icon, order or existence shows on every page (bottom bar, footer, breadcrumbs),
    // and a merge moves topics between lists; site settings show on every page: rare admin writes,
    // so everything goes.
    case 'forums.changed':
    case 'site.changed':
      return ALL;
    // A user's name, picture or admin badge shows beside each of their messages and topics, on
    // pages of any forum and in the feeds: a role change or a deleted account, rare, drops everything
    // rather than looking up every topic the user ever wrote in.
    case 'user.changed':
      return ALL;
    // Reports, notifications and sessions show on no public page.
    case 'report.created':
    case 'report.closed':
    case 'notification.created':
    case 'session.revoked':
      return [];
    default:
      return assertNever(event);
  }
}

function assertNever(event: never): never {
  throw new Error(`no cache tags for event ${JSON.stringify(event)}`);
}
