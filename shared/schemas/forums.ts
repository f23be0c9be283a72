import { z } from 'zod';

export const forum = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().describe('an emoji shown beside the name'),
});
export type Forum = z.infer<typeof forum>;

export const forumsResponse = z.array(forum);
