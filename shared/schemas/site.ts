import { z } from 'zod';

/** What the client shows of the server's settings: the site's name (SITE_NAME) for titles and brand. */
export const siteResponse = z.object({
  siteName: z.string().min(1).describe('the product name: page titles, header, footer'),
});
export type SiteInfo = z.infer<typeof siteResponse>;
