import { z } from 'zod';

export const message = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  userId: z.number().int(),
  content: z.string().describe('sanitised HTML'),
  date: z.string().describe('creation time, ISO 8601'),
  likes: z.array(z.number().int()).describe('ids of the users who like it'),
});
export type Message = z.infer<typeof message>;
