import { HEBREW_PREFIX_LETTERS } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import type { PostsResponse } from '../../../shared/schemas/topics';
import type { TopicRow } from '../../db/database';
import type { ReadDeps } from '../../deps';
import { apiError } from '../../http-error';
import { presentPostsPage } from '../topics/topics.presenter';
import { findTopic } from '../topics/topics.repository';
import {
  type Candidate,
  findRecentTopics,
  findTopicsByIds,
  findTopicsWithSubjectWords,
} from './recommendations.repository';

/** How many subject words are looked up, and how many of the most recently created matches are ranked. */
const MAX_WORDS = 5;
const MAX_CANDIDATES = 200;

/** Words too common to say what a subject is about (compared after normalisation). */
const STOP_WORDS = new Set([
  'איך',
  'למה',
  'מה',
  'מי',
  'מתי',
  'איפה',
  'כמה',
  'אני',
  'אתה',
  'את',
  'הוא',
  'היא',
  'אנחנו',
  'הם',
  'זה',
  'זאת',
  'של',
  'שלי',
  'שלך',
  'שלו',
  'שלה',
  'על',
  'עם',
  'אל',
  'גם',
  'רק',
  'כל',
  'יש',
  'אין',
  'לא',
  'כן',
  'אבל',
  'או',
  'אם',
  'כי',
  'עוד',
  'היה',
  'יותר',
  'הכי',
  'ממש',
  'צריך',
  'רוצה',
  'מישהו',
  'משהו',
  'שאלה',
  'עזרה',
  'בקשה',
  'דחוף',
  'the',
  'and',
  'for',
  'you',
  'with',
  'how',
  'what',
  'why',
  'who',
  'are',
  'this',
  'that',
  'help',
]);

/** A word that starts with a letter Hebrew attaches to the front of words. */
const PREFIX_LETTER = new RegExp(`^[${HEBREW_PREFIX_LETTERS}]`, 'u');

/**
 * The words of a normalised subject worth looking for, longest (most telling) first. A leading
 * prefix letter is dropped from longer words so `הבית` also finds `לבית` and `בית`.
 */
export function subjectWords(subjectSearch: string): string[] {
  const words = new Set<string>();
  for (const word of subjectSearch.split(/[^\p{L}\p{N}]+/u)) {
    if (STOP_WORDS.has(word)) continue;
    const stem = word.length >= 4 && PREFIX_LETTER.test(word) ? word.slice(1) : word;
    if (stem.length >= LIMITS.searchQueryMinLength && !STOP_WORDS.has(stem)) words.add(stem);
  }
  return [...words].sort((a, b) => b.length - a.length).slice(0, MAX_WORDS);
}

/** Related first: the same forum, then more shared words, then newer. */
function rank(candidates: readonly Candidate[], words: readonly string[], forumId: number): Candidate[] {
  const score = (candidate: Candidate) =>
    words.filter((word) => candidate.subject_search.includes(word)).length;
  return [...candidates].sort(
    (a, b) =>
      Number(b.forum_id === forumId) - Number(a.forum_id === forumId) ||
      score(b) - score(a) ||
      b.timestamp - a.timestamp,
  );
}

/**
 * Up to LIMITS.recommendationsMax other topics for a topic's page: those whose subjects share its
 * words (the same forum first), then the newest of its forum, then the newest anywhere.
 */
export async function recommendTopics({ db }: ReadDeps, topicId: number): Promise<PostsResponse> {
  const topic = await findTopic(db, topicId);
  if (!topic) throw apiError('topic_not_found');
  const max = LIMITS.recommendationsMax;
  const words = subjectWords(topic.subject_search);
  const candidates = await findTopicsWithSubjectWords(db, words, topic.id, MAX_CANDIDATES);
  const relatedIds = rank(candidates, words, topic.forum_id)
    .slice(0, max)
    .map((candidate) => candidate.id);
  const byId = new Map((await findTopicsByIds(db, relatedIds)).map((row) => [row.id, row]));
  const chosen: TopicRow[] = relatedIds.flatMap((id) => byId.get(id) ?? []);

  for (const forumId of [topic.forum_id, undefined]) {
    if (chosen.length >= max) break;
    const excludeIds = [topic.id, ...chosen.map((row) => row.id)];
    chosen.push(...(await findRecentTopics(db, { forumId, excludeIds, limit: max - chosen.length })));
  }
  return presentPostsPage(db, chosen, max);
}
