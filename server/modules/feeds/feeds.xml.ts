import { activityMsOf } from '../topics/topics.repository';
import { escapeXml, isoTime, textElement, XML_DECLARATION } from './xml';

export interface FeedTopic {
  id: number;
  forum_id: number;
  user_id: number;
  subject: string;
  preview: string;
  created_at: number;
  timestamp: number;
}

export interface FeedOptions {
  publicUrl: string;
  title: string;
  /** The page the feed follows, e.g. `/` or `/forum/4`. */
  pagePath: string;
  /** The feed's own path, e.g. `/feed.xml`. */
  selfPath: string;
  topics: readonly FeedTopic[];
  usernames: ReadonlyMap<number, string>;
  forumNames: ReadonlyMap<number, string>;
}

/** An Atom feed (RFC 4287) of topics, newest first: subject, preview, author, forum and times. */
export function atomFeed(options: FeedOptions): string {
  const { publicUrl } = options;
  const pageUrl = `${publicUrl}${options.pagePath}`;
  const updated = Math.max(0, ...options.topics.map((topic) => activityMsOf(topic.timestamp)));
  const entries = options.topics.map((topic) => {
    const topicUrl = `${publicUrl}/topic/${topic.id}`;
    const author = options.usernames.get(topic.user_id) ?? '';
    const forumName = options.forumNames.get(topic.forum_id) ?? '';
    return [
      '  <entry>',
      `    ${textElement('title', topic.subject)}`,
      `    ${textElement('id', topicUrl)}`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(topicUrl)}"/>`,
      `    ${textElement('published', isoTime(topic.created_at))}`,
      `    ${textElement('updated', isoTime(activityMsOf(topic.timestamp)))}`,
      `    <author>${textElement('name', author)}</author>`,
      `    <category term="${topic.forum_id}" label="${escapeXml(forumName)}"/>`,
      `    ${textElement('summary', topic.preview)}`,
      '  </entry>',
    ].join('\n');
  });
  return [
    `${XML_DECLARATION}<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="he">`,
    `  ${textElement('title', options.title)}`,
    `  ${textElement('id', pageUrl)}`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${publicUrl}${options.selfPath}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>`,
    `  ${textElement('updated', isoTime(updated))}`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** One `<url>` or `<sitemap>` line of a sitemap; lastmod only when known. */
export function sitemapItem(element: 'url' | 'sitemap', loc: string, lastModifiedMs?: number): string {
  const lastmod = lastModifiedMs === undefined ? '' : textElement('lastmod', isoTime(lastModifiedMs));
  return `<${element}>${textElement('loc', loc)}${lastmod}</${element}>\n`;
}

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
export const URLSET_CLOSE = '</urlset>\n';
