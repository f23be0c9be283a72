import { z } from 'zod';

export const forum = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().describe('an emoji shown beside the name'),
  description: z
    .string()
    .describe(
      'one line shown on the forum page; may be empty (one of the additions listed in docs/product.md §3)',
    ),
});
export type Forum = z.infer<typeof forum>;

/** Every forum in the admin's order (docs/product.md §3 said "by id"; admins now choose the order). */
export const forumsResponse = z.array(forum);
