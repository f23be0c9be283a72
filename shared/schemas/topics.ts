import { z } from 'zod';
import { publicUser } from './common';

/** A topic as lists show it (spec §3: "post"). */
export const post = z.object({
  id: z.number().int().describe('equals the id of the main message'),
  forumId: z.number().int(),
  userId: z.number().int(),
  subject: z.string(),
  image: z.string().describe('image name; ends in "big" or "small" before the extension'),
  date: z.string().describe('creation time, ISO 8601'),
  message: z.string().describe('plain-text preview of the main message'),
  replies: z.number().int(),
  timestamp: z.number().int().describe('last-activity order key; pass it back to /more/{timestamp}'),
});
export type Post = z.infer<typeof post>;

export const postsResponse = z.object({
  posts: z.array(post),
  hasMorePosts: z.boolean(),
  users: z.array(publicUser),
});
export type PostsResponse = z.infer<typeof postsResponse>;
