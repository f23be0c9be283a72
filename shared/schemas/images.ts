import { z } from 'zod';

/** GET /api/topic/image/{id}: the topic's new image name (big size; docs/product.md §3 "refresh image: image"). */
export const topicImageResponse = z.object({
  image: z.string().describe('name of the big image under /api/images/; the small one has "small" for "big"'),
});
export type TopicImageResponse = z.infer<typeof topicImageResponse>;
