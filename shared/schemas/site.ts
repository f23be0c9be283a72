import { z } from 'zod';

/** Limits of the site settings (an addition to the spec: admins edit them). */
export const SITE_LIMITS = { nameMaxLength: 60, descriptionMaxLength: 300, urlMaxLength: 300 } as const;

/**
 * What the client shows of the site's settings: the product name for titles and brand, a short
 * description (home page meta description, feeds), the contact address (terms page, mails) and the
 * footer's social page and archive links. Empty strings mean "not set".
 */
export const siteResponse = z.object({
  siteName: z.string().min(1).describe('the product name: page titles, header, footer'),
  description: z.string().describe('home page meta description and feeds; may be empty'),
  contactEmail: z.string().describe('contact address of the terms page and mails; may be empty'),
  socialUrl: z.string().describe("the footer's social page link; may be empty"),
  archiveUrl: z.string().describe("the footer's archive link; may be empty"),
});
export type SiteInfo = z.infer<typeof siteResponse>;

const httpUrl = z
  .string()
  .trim()
  .max(SITE_LIMITS.urlMaxLength, { error: `הקישור יכול להכיל עד ${SITE_LIMITS.urlMaxLength} תווים` })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), {
    error: 'יש להזין קישור שמתחיל ב-http:// או https://',
  });

/** PUT /api/admin/site: any of the settings; an absent one stays as it is. */
export const siteSettingsBody = z
  .object({
    siteName: z
      .string()
      .trim()
      .min(1, { error: 'יש להזין את שם האתר' })
      .max(SITE_LIMITS.nameMaxLength, { error: `שם האתר יכול להכיל עד ${SITE_LIMITS.nameMaxLength} תווים` }),
    description: z
      .string()
      .trim()
      .max(SITE_LIMITS.descriptionMaxLength, {
        error: `התיאור יכול להכיל עד ${SITE_LIMITS.descriptionMaxLength} תווים`,
      }),
    contactEmail: z
      .string()
      .trim()
      .max(254)
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        error: 'יש להזין כתובת אימייל תקינה',
      }),
    socialUrl: httpUrl,
    archiveUrl: httpUrl,
  })
  .partial();
export type SiteSettingsUpdate = z.infer<typeof siteSettingsBody>;
