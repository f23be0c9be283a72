import { z } from 'zod';
import { cleanString } from '../text';

/** Events the client reports beside page views (docs/product.md §2, §7: "analytics events are sent with many calls"). */
export const ANALYTICS_EVENTS = [
  'login',
  'logout',
  'register',
  'forgot_password',
  'change_forgotten_password',
  'activate_user',
  'new_topic',
  'new_message',
  'edit_message',
  'delete_message',
  'like_message',
  'report_message',
  'close_report',
  'move_topic',
  'edit_subject',
  'delete_topic',
  'refresh_image',
  'search',
  'guest_search',
  'guest_write',
  'guest_like',
  'edit_profile',
  'slider_navigate',
  'load_more',
  'recommendation_click',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Longest path or label kept: longer input is refused, not cut. */
export const ANALYTICS_TEXT_MAX = 300;

/** POST /api/analytics (one of the additions listed in docs/product.md §7): one page view or one event. */
export const analyticsBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('page_view'),
    path: cleanString(z.string({ error: 'נתיב לא תקין' }))
      .startsWith('/', { error: 'נתיב לא תקין' })
      .max(ANALYTICS_TEXT_MAX, { error: 'נתיב ארוך מדי' }),
  }),
  z.strictObject({
    kind: z.literal('event'),
    path: cleanString(z.string({ error: 'נתיב לא תקין' }))
      .startsWith('/', { error: 'נתיב לא תקין' })
      .max(ANALYTICS_TEXT_MAX, { error: 'נתיב ארוך מדי' }),
    name: z.enum(ANALYTICS_EVENTS, { error: 'אירוע לא מוכר' }),
    label: cleanString().max(ANALYTICS_TEXT_MAX, { error: 'תיאור ארוך מדי' }).optional(),
  }),
]);
export type AnalyticsBody = z.infer<typeof analyticsBody>;
