import { z } from 'zod';
import { LIMITS } from '../limits';
import { MAX_ID } from './common';

const INVALID_IDS = 'רשימת הנושאים לא תקינה';

/** GET /api/reading/topics?ids=1,2,3: the topics of a list the member is looking at. */
export const readingTopicsQuery = z.object({
  ids: z
    .string({ error: INVALID_IDS })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: INVALID_IDS })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= LIMITS.readingTopicsMax && ids.every((id) => id <= MAX_ID), {
      error: INVALID_IDS,
    }),
});

/** A topic the member opened before and that has messages they have not seen since. */
export const unreadTopic = z.object({
  topicId: z.number().int(),
  /** Others' messages after the newest one the member saw, counted up to LIMITS.unreadCountCap. */
  unreadCount: z.number().int(),
  /** The first of them: where the list's link takes the member. */
  firstUnreadId: z.number().int(),
});
export type UnreadTopic = z.infer<typeof unreadTopic>;

export const readingTopicsResponse = z.object({ topics: z.array(unreadTopic) });
export type ReadingTopicsResponse = z.infer<typeof readingTopicsResponse>;

/** POST /api/reading/read-all: how many topics had messages the member had not seen. */
export const readAllResponse = z.object({ markedTopics: z.number().int() });
