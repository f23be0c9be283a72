import { postsResponse } from './topics';

/**
 * GET /api/recommendations/{id} (open to guests): up to LIMITS.recommendationsMax other topics,
 * related ones first (words of the subject found in other subjects, the same forum before the
 * others), then the newest topics (the same forum first) to fill up. The posts response shape, so
 * the client lists them as any posts; `hasMorePosts` is always false (there is no "more").
 */
export const recommendationsResponse = postsResponse;
