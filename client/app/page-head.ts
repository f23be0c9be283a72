import type { Forum } from '../../shared/schemas/forums';
import type { Message } from '../../shared/schemas/messages';
import type { PublicUser } from '../../shared/schemas/common';
import type { SiteInfo } from '../../shared/schemas/site';
import type { TopicResponse } from '../../shared/schemas/topics';
import { jsonForScript } from '../../shared/server-render';
import { he } from '../i18n/he';
import { postImageUrl } from '../lib/images';
import { pageTitle } from '../session/head';
import { escapeHtml } from '../../shared/escape-html';

/** What a server-rendered page is, with the data its head is made from. */
export type HeadPage =
  | { kind: 'home' }
  | { kind: 'forum'; forum: Forum | undefined }
  | { kind: 'topic'; topic: TopicResponse; forum: Forum | undefined }
  | { kind: 'policy' }
  | { kind: 'not-found' };

/** About the length search engines show of a description (docs/product.md §1 asks for ~160). */
const DESCRIPTION_LENGTH = 160;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of sanitised message HTML: tags dropped, entities read, whitespace folded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/pre|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most ~160 characters, cut at a word with an ellipsis when longer. */
export function shortDescription(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const absolute = (publicUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

interface Crumb {
  name: string;
  path: string;
}

function breadcrumbList(publicUrl: string, crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(publicUrl, crumb.path),
    })),
  };
}

function person(user: PublicUser | undefined) {
  return { '@type': 'Person', name: user?.username ?? he.unknownUser };
}

function likeCount(message: Message) {
  return {
    '@type': 'InteractionCounter',
    interactionType: 'https://schema.org/LikeAction',
    userInteractionCount: message.likes.length,
  };
}

/** schema.org DiscussionForumPosting of a topic, with the replies the page shows as its comments. */
function discussionPosting(publicUrl: string, url: string, topic: TopicResponse, image: string | null) {
  const users = new Map(topic.users.map((user) => [user.id, user]));
  const { post, mainMessage } = topic;
  const newest = topic.messages.at(-1)?.date ?? mainMessage.date;
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': url,
    url,
    headline: post.subject,
    text: plainText(mainMessage.content),
    author: person(users.get(mainMessage.userId)),
    datePublished: mainMessage.date,
    dateModified: newest > mainMessage.date ? newest : mainMessage.date,
    ...(image ? { image } : {}),
    interactionStatistic: [
      likeCount(mainMessage),
      {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/CommentAction',
        userInteractionCount: post.replies,
      },
    ],
    comment: topic.messages.map((message) => ({
      '@type': 'Comment',
      '@id': `${url}?message=${message.id}`,
      url: `${url}?message=${message.id}`,
      text: plainText(message.content),
      author: person(users.get(message.userId)),
      datePublished: message.date,
      interactionStatistic: likeCount(message),
    })),
    isPartOf: { '@type': 'WebSite', url: `${publicUrl}/` },
  };
}

/**
 * The head of a server-rendered page (docs/product.md §1): title, canonical, description, Open Graph
 * and Twitter card, JSON-LD. Page-specific elements carry `data-page` so the client drops them when
 * the visitor moves on (client/session/head.ts).
 */
export function renderHead(options: {
  pathname: string;
  page: HeadPage;
  site: SiteInfo | undefined;
  publicUrl: string;
}): string {
  const { pathname, page, site, publicUrl } = options;
  const siteName = site?.siteName || he.siteName;
  const siteDescription = site?.description || he.siteDescription;
  const url = absolute(publicUrl, pathname);
  const mark = `data-page="${escapeHtml(pathname)}"`;
  let subject: string;
  let description = siteDescription;
  let image: string | null = null;
  let ogType = 'website';
  const jsonLd: unknown[] = [];
  switch (page.kind) {
    case 'home':
      subject = he.home;
      break;
    case 'forum':
      subject = page.forum?.name ?? '';
      description = page.forum?.description || siteDescription;
      if (page.forum)
        jsonLd.push(
          breadcrumbList(publicUrl, [
            { name: he.home, path: '/' },
            { name: page.forum.name, path: pathname },
          ]),
        );
      break;
    case 'topic': {
      const { post, mainMessage } = page.topic;
      subject = post.subject;
      description = shortDescription(plainText(mainMessage.content)) || siteDescription;
      const big = postImageUrl(post.image, 'big');
      image = big ? absolute(publicUrl, big) : null;
      ogType = 'article';
      jsonLd.push(discussionPosting(publicUrl, url, page.topic, image));
      jsonLd.push(
        breadcrumbList(publicUrl, [
          { name: he.home, path: '/' },
          ...(page.forum ? [{ name: page.forum.name, path: `/forum/${page.forum.id}` }] : []),
          { name: post.subject, path: pathname },
        ]),
      );
      break;
    }
    case 'policy':
      subject = he.policyTitle;
      break;
    case 'not-found':
      subject = he.notFoundTitle;
      break;
  }
  const title = pageTitle(siteName, subject || undefined);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" ${mark}>`;
  const lines = [`<title>${escapeHtml(title)}</title>`, meta('name', 'description', description)];
  if (page.kind === 'not-found') {
    lines.push(`<meta name="robots" content="noindex" ${mark}>`);
  } else {
    lines.push(
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      meta('property', 'og:site_name', siteName),
      meta('property', 'og:type', ogType),
      meta('property', 'og:title', subject || siteName),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      meta('property', 'og:locale', 'he_IL'),
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', subject || siteName),
      meta('name', 'twitter:description', description),
    );
    if (image) lines.push(meta('property', 'og:image', image), meta('name', 'twitter:image', image));
    if (page.kind === 'forum' && page.forum) {
      lines.push(
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${siteName}: ${page.forum.name}`)}" href="/forum/${page.forum.id}/feed.xml" ${mark}>`,
      );
    }
  }
  for (const data of jsonLd)
    lines.push(`<script type="application/ld+json" ${mark}>${jsonForScript(data)}</script>`);
  return lines.join('\n    ');
}
