import type { Kysely } from 'kysely';
import { EMOJI, emojiPath } from '../../shared/emoji';
import { HEBREW_PREFIX_LETTERS } from '../../shared/hebrew';
import { LIMITS } from '../../shared/limits';
import type { Database, ForumRow, UserRow } from '../db/database';
import { insertUser } from '../modules/accounts/accounts.repository';
import { hashPassword } from '../modules/accounts/password';
import { listForums } from '../modules/forums/forums.repository';
import { countImages } from '../modules/images/images.repository';
import { imageNameOfSize } from '../../shared/image-sizes';
import { coverImageSource, storeImageSizes } from '../modules/images/topic-image.service';
import { prepareMessageContent } from '../modules/markup/markup';
import { insertReport } from '../modules/reports/reports.repository';
import { insertTopicWithMainMessage } from '../modules/topics/topics.repository';
import { CommandError } from './create-admin';
import {
  CODE_SNIPPETS,
  DEMO_USERNAMES,
  EMOJI_CHARACTERS,
  FILLER_SENTENCES,
  FORUM_MATERIAL,
  type ForumMaterial,
  GENERAL_REPLIES,
  LINKS,
  REPORT_REASONS,
} from './demo-content';
import { hasTopics, insertLikes, insertMessages, listMessageAuthors } from './seed.repository';

/** Every demo account logs in with this password (printed by the command). */
export const DEMO_PASSWORD = 'demo-password';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SeedDemoOptions {
  /** Same seed, same forum: every text, author, like and gap between messages. */
  seed: number;
  /** The demo's last moment; its activity spreads over the 90 days before. */
  now: number;
  topics?: number;
  /** How many of the most recently active topics get a cover of their own subject (the rest share their forum's). */
  ownCovers?: number;
  /** Absolute base of image links inside messages (the forum's own stored images). */
  publicUrl: string;
}

export interface SeedDemoSummary {
  users: number;
  topics: number;
  messages: number;
  likes: number;
  reports: number;
  images: number;
}

/** mulberry32: small, fast and the same on every machine. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const chance = (p: number) => next() < p;
  /** Exponentially distributed, for the gaps between messages. */
  const exponential = (mean: number) => -Math.log(1 - next()) * mean;
  /** An index in 0..weights.length-1, drawn in proportion to the weights. */
  const weighted = (weights: readonly number[]) => {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let target = next() * total;
    for (const [index, weight] of weights.entries()) {
      target -= weight;
      if (target < 0) return index;
    }
    return weights.length - 1;
  };
  return { next, int, pick, chance, exponential, weighted };
}

type Random = ReturnType<typeof randomSource>;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `{x}` or `{y}` with a prefix letter other than the article before it (shared/hebrew.ts: why not a literal). */
const PLACEHOLDER = new RegExp(String.raw`([${HEBREW_PREFIX_LETTERS.replace('ה', '')}]?)\{([xy])\}`, 'g');

/**
 * Puts things into a template with Hebrew prefix rules: ב, ל and כ absorb the article (`ה~`), and
 * a prefix before a Latin word takes a maqaf ("ב-React").
 */
function fill(template: string, x: string, y: string, decorateX: (word: string) => string = (word) => word) {
  const things: Record<string, string> = { x, y };
  return template.replace(PLACEHOLDER, (_match, prefix: string, key: string) => {
    const thing = things[key] ?? '';
    const absorbed = prefix && 'בלכ'.includes(prefix) && thing.startsWith('ה~');
    const word = absorbed ? thing.slice(2) : thing.replace('~', '');
    const joiner = prefix && /^[A-Za-z]/.test(word) ? '-' : '';
    return `${prefix}${joiner}${key === 'x' ? decorateX(word) : word}`;
  });
}

/** Emoji images that suit a friendly message (no sad, angry or thumbs-down faces at random). */
const FRIENDLY_EMOJI = EMOJI.filter((emoji) => !['1f622', '1f621', '1f44e'].includes(emoji.code));

function twoThings(random: Random, material: ForumMaterial): [string, string] {
  const x = random.pick(material.things);
  let y = random.pick(material.things);
  for (let tries = 0; y === x && tries < 5; tries += 1) y = random.pick(material.things);
  return [x, y];
}

/** A subject within the limit, with the two things it is about (the main message talks about them too). */
function makeSubject(random: Random, material: ForumMaterial) {
  for (let tries = 0; tries < 8; tries += 1) {
    const [x, y] = twoThings(random, material);
    const subject = fill(random.pick(material.subjects), x, y);
    if (subject.length <= LIMITS.subjectMaxLength) return { subject, x, y };
  }
  const [x, y] = twoThings(random, material);
  return { subject: fill('{x}', x, y), x, y };
}

interface Planned {
  /** Index of the topic in the plan. */
  topic: number;
  userIndex: number;
  time: number;
  html: string;
  /** The first sentence, for later messages that quote this one. */
  gist: string;
}

interface PlannedTopic {
  forum: Omit<ForumRow, 'position'>;
  subject: string;
  userIndex: number;
  messages: Planned[];
  /** Name of the forum cover the main message shows, when it shows one. */
  pictureInMessage: boolean;
}

const emphasise = (random: Random, text: string) => {
  const tag = random.pick(['b', 'b', 'i', 'u']);
  return `<${tag}>${text}</${tag}>`;
};

function messageExtras(random: Random, material: ForumMaterial): string[] {
  const parts: string[] = [];
  if (random.chance(material.codeChance)) {
    const snippet = random.pick(CODE_SNIPPETS);
    parts.push(`<pre><code class="language-${snippet.language}">${escapeHtml(snippet.code)}</code></pre>`);
  }
  if (random.chance(0.08)) {
    const link = random.pick(LINKS);
    parts.push(`<p>יש מידע נוסף כאן: <a href="${encodeURI(link.href)}">${link.text}</a></p>`);
  }
  return parts;
}

function emojiTail(random: Random): string {
  if (random.chance(0.12)) {
    const emoji = random.pick(FRIENDLY_EMOJI);
    return ` <img src="${emojiPath(emoji.code)}" alt="${emoji.label}">`;
  }
  return random.chance(0.25) ? ` ${random.pick(EMOJI_CHARACTERS)}` : '';
}

function mainMessageHtml(
  random: Random,
  material: ForumMaterial,
  topic: { subject: string; x: string; y: string },
  picture: string | null,
) {
  const { subject, x, y } = topic;
  const template = random.pick(material.openings);
  // Demo things and templates hold no markup characters, so only the emphasis is HTML here.
  const opening = fill(template, x, y, (word) => emphasise(random, escapeHtml(word)));
  const parts = [`<p>${opening}${emojiTail(random)}</p>`];
  if (picture)
    parts.push(`<p><img src="${picture}" alt="${escapeHtml(subject).replace(/"/g, '&quot;')}"></p>`);
  if (random.chance(0.6)) parts.push(`<p>${escapeHtml(random.pick(FILLER_SENTENCES))}</p>`);
  parts.push(...messageExtras(random, material));
  return { html: parts.join(''), gist: fill(template, x, y).split(/[.?!:]/)[0] ?? x };
}

function replyHtml(
  random: Random,
  material: ForumMaterial,
  earlier: Planned[],
  usernames: readonly string[],
) {
  const [x, y] = twoThings(random, material);
  const pool = random.chance(0.55) ? material.replies : GENERAL_REPLIES;
  const sentence = fill(random.pick(pool), x, y);
  const parts: string[] = [];
  const quoted = earlier.length > 1 && random.chance(0.3) ? random.pick(earlier.slice(-4)) : null;
  if (quoted) {
    const author = usernames[quoted.userIndex] ?? '';
    parts.push(`<blockquote><b>${escapeHtml(author)} כתב/ה:</b><br>${escapeHtml(quoted.gist)}</blockquote>`);
  }
  const body = random.chance(0.2) ? `${emphasise(random, escapeHtml(sentence))}` : escapeHtml(sentence);
  parts.push(`<p>${body}${emojiTail(random)}</p>`);
  if (random.chance(0.35)) parts.push(`<p>${escapeHtml(random.pick(FILLER_SENTENCES))}</p>`);
  parts.push(...messageExtras(random, material));
  return { html: parts.join(''), gist: sentence.split(/[.?!:,]/)[0] ?? sentence };
}

/**
 * Fills an empty forum with a lively Hebrew demo: dozens of users, hundreds of topics over three
 * months, thousands of replies with quotes, code, links, pictures and emoji, likes and a few
 * reports. Everything goes through the same markup sanitiser and repositories as the API, in one
 * transaction; covers are made first (they take the time), one per forum plus one for each of the
 * most recently active topics.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedDemoOptions): Promise<SeedDemoSummary> {
  if (await hasTopics(db)) {
    throw new CommandError('seed-demo: the forum already has topics; the demo fills only an empty database');
  }
  const random = randomSource(options.seed);
  const forums = await listForums(db);
  if (forums.length === 0) throw new CommandError('seed-demo: no forums to fill');
  const topicCount = options.topics ?? 300;
  const start = options.now - 90 * DAY;
  const latest = options.now - MINUTE;
  const usernames = DEMO_USERNAMES;
  // A few people write most of a forum: weights fall with rank.
  const userWeights = usernames.map((_name, index) => 1 / (index + 1) ** 0.7);
  const forumWeights = forums.map((forum) => (forum.id === 1 || forum.id === 3 ? 2 : 1));

  // Plan every topic and message first, so insertion runs in time order and ids rise with time.
  const topics: PlannedTopic[] = [];
  for (let index = 0; index < topicCount; index += 1) {
    const forum = forums[random.weighted(forumWeights)] ?? forums[0];
    if (!forum) continue;
    const material = FORUM_MATERIAL[forum.id] ?? FORUM_MATERIAL[1];
    if (!material) continue;
    const userIndex = random.weighted(userWeights);
    const opened = start + Math.floor(random.next() * (latest - start - 2 * HOUR));
    const pictureInMessage = random.chance(0.15);
    const { subject, x, y } = makeSubject(random, material);
    const main = mainMessageHtml(random, material, { subject, x, y }, pictureInMessage ? '{picture}' : null);
    const planned: PlannedTopic = { forum, subject, userIndex, messages: [], pictureInMessage };
    planned.messages.push({ topic: index, userIndex, time: opened, ...main });
    const replyCount = random.chance(0.12) ? 0 : Math.min(60, Math.round(random.exponential(12)));
    let time = opened;
    for (let reply = 0; reply < replyCount; reply += 1) {
      time += Math.max(MINUTE, Math.round(random.exponential(4 * HOUR)));
      if (time >= latest) break;
      let replier = random.weighted(userWeights);
      if (replier === planned.messages.at(-1)?.userIndex) replier = random.weighted(userWeights);
      const content = replyHtml(random, material, planned.messages, usernames);
      planned.messages.push({ topic: index, userIndex: replier, time, ...content });
    }
    topics.push(planned);
  }

  // Every message gets its own millisecond: order keys and "newest first" never tie.
  const timeline = topics.flatMap((topic) => topic.messages).sort((a, b) => a.time - b.time);
  let previous = 0;
  for (const message of timeline) {
    message.time = Math.max(message.time, previous + 1);
    previous = message.time;
  }

  const imagesBefore = await countImages(db);
  const forumCovers = new Map<number, string>();
  for (const forum of forums) {
    forumCovers.set(
      forum.id,
      await storeImageSizes(db, await coverImageSource(db, forum.name, forum.id), start),
    );
  }
  const lastActivity = (topic: PlannedTopic) => topic.messages.at(-1)?.time ?? 0;
  const byActivity = [...topics].sort((a, b) => lastActivity(b) - lastActivity(a));
  const topicImages = new Map<PlannedTopic, string>();
  for (const topic of byActivity.slice(0, options.ownCovers ?? 14)) {
    if (topic.pictureInMessage) continue;
    const source = await coverImageSource(db, topic.subject, topic.forum.id);
    topicImages.set(topic, await storeImageSizes(db, source, topic.messages[0]?.time ?? start));
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let messageCount = 0;
  let likeCount = 0;
  let reportCount = 0;

  await db.transaction().execute(async (trx) => {
    const users: UserRow[] = [];
    for (const [index, username] of usernames.entries()) {
      const createdAt = start - (usernames.length - index) * DAY;
      users.push(
        await insertUser(trx, {
          username,
          email: `demo${index + 1}@example.com`,
          passwordHash,
          birthdate: `${1970 + (index % 35)}-${String((index % 12) + 1).padStart(2, '0')}-15`,
          isAdmin: false,
          isActive: true,
          createdAt,
        }),
      );
    }
    const userAt = (index: number) => {
      const user = users[index];
      if (!user) throw new Error(`no demo user ${index}`);
      return user;
    };

    // Topic by topic in order of opening: the main message first (the topic takes its id), then
    // its replies in one insert, so ids rise with time inside every topic as the API's order needs.
    const byOpening = [...topics].sort((a, b) => (a.messages[0]?.time ?? 0) - (b.messages[0]?.time ?? 0));
    for (const topic of byOpening) {
      const [first, ...rest] = topic.messages;
      if (!first) continue;
      const forumCover = forumCovers.get(topic.forum.id) ?? '';
      const picture = `${options.publicUrl}/api/images/${imageNameOfSize(forumCover, 'small')}`;
      const { mainMessage: main } = await insertTopicWithMainMessage(trx, {
        forumId: topic.forum.id,
        userId: userAt(first.userIndex).id,
        subject: topic.subject,
        body: prepareMessageContent(first.html.replace('{picture}', picture)),
        image: topicImages.get(topic) ?? forumCover,
        createdAt: first.time,
        // The replies follow in one bulk insert below, so the topic is written with their count and time.
        lastActivityAt: lastActivity(topic),
        replies: rest.length,
      });
      await insertMessages(
        trx,
        rest.map((reply) => {
          const content = prepareMessageContent(reply.html);
          return {
            topicId: main.id,
            userId: userAt(reply.userIndex).id,
            content: content.content,
            contentSearch: content.contentSearch,
            createdAt: reply.time,
          };
        }),
      );
    }
    const inserted = await listMessageAuthors(trx);
    messageCount = inserted.length;

    const likes: Array<{ messageId: number; userId: number; createdAt: number }> = [];
    for (const message of inserted) {
      const count = Math.min(users.length - 1, Math.round(random.exponential(message.main ? 4 : 1.3)));
      const likers = new Set<number>();
      for (let tries = 0; likers.size < count && tries < count * 4; tries += 1) {
        const liker = userAt(random.weighted(userWeights)).id;
        if (liker !== message.userId) likers.add(liker);
      }
      for (const userId of likers) {
        const createdAt = Math.min(latest, message.time + Math.round(random.exponential(6 * HOUR)));
        likes.push({ messageId: message.id, userId, createdAt });
      }
    }
    await insertLikes(trx, likes);
    likeCount = likes.length;

    const replies = inserted.filter((message) => !message.main);
    for (const [index, reason] of REPORT_REASONS.entries()) {
      const message = random.pick(replies.length > 0 ? replies : inserted);
      const reporter = index % 2 === 0 ? userAt(random.int(0, users.length - 1)) : null;
      await insertReport(trx, {
        messageId: message.id,
        content: reason,
        email: reporter?.email ?? `guest${index + 1}@example.com`,
        reporterUserId: reporter?.id ?? null,
        timestamp: latest - (REPORT_REASONS.length - index) * HOUR,
      });
      reportCount += 1;
    }
  });

  const imagesAfter = await countImages(db);
  return {
    users: usernames.length,
    topics: topics.length,
    messages: messageCount,
    likes: likeCount,
    reports: reportCount,
    images: imagesAfter - imagesBefore,
  };
}
