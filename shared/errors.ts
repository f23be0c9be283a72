/**
 * Every error the API answers with, keyed by the code in its body (`{error, message}`), with its HTTP
 * status and its Hebrew text. The server builds its answers from this table and the client shows the
 * text of the code it received, so the wording of an error lives once (docs/product.md, "Errors").
 *
 * A code names one situation: two situations that must read differently get two codes, even when
 * they share a status. Field validation is the exception: `validation` carries the message of the
 * rule that failed (shared/validation-messages.ts).
 */
export const ERRORS = {
  internal: { status: 500, message: 'אירעה שגיאה, נסו שוב מאוחר יותר' },
  validation: { status: 400, message: 'הבקשה אינה תקינה' },
  bad_json: { status: 400, message: 'גוף הבקשה אינו JSON תקין' },
  bad_url: { status: 400, message: 'הכתובת אינה תקינה' },
  unsupported_media_type: { status: 415, message: 'סוג התוכן של הבקשה אינו נתמך' },
  payload_too_large: { status: 413, message: 'הבקשה גדולה מדי' },
  xsrf: { status: 403, message: 'פג תוקף הדף, רעננו אותו ונסו שוב' },
  rate_limited: { status: 429, message: 'נשלחו יותר מדי בקשות, נסו שוב בעוד מספר דקות' },

  unauthorized: { status: 401, message: 'כדי לבצע פעולה זו יש להתחבר לאתר' },
  forbidden: { status: 403, message: 'אין לך הרשאה לבצע פעולה זו' },
  search_login_required: { status: 401, message: 'יש להתחבר לאתר כדי לבצע חיפוש' },
  moderators_only: { status: 403, message: 'רק מנהלי האתר רשאים לצפות בדיווחים ולסגור אותם' },

  not_found: { status: 404, message: 'הדף או הפריט המבוקש לא נמצא' },
  forum_not_found: { status: 404, message: 'הפורום לא נמצא' },
  topic_not_found: { status: 404, message: 'הנושא לא נמצא' },
  message_not_found: { status: 404, message: 'ההודעה לא נמצאה' },
  reported_message_not_found: { status: 404, message: 'ההודעה המדווחת לא נמצאה' },
  report_not_found: { status: 404, message: 'הדיווח לא נמצא' },
  user_not_found: { status: 404, message: 'המשתמש לא נמצא' },
  image_not_found: { status: 404, message: 'התמונה לא נמצאה' },

  empty_message: { status: 400, message: '* לא ניתן לשלוח הודעה ריקה' },
  message_too_long: { status: 400, message: '* לא ניתן לשלוח הודעה ארוכה מ-10000 תווים' },
  empty_subject: { status: 400, message: '* לא ניתן לשלוח הודעה ללא נושא' },
  main_message: { status: 400, message: 'את ההודעה הראשית אפשר למחוק רק יחד עם הנושא כולו' },
  search_query_too_short: { status: 400, message: 'יש להזין לפחות 3 תווים לחיפוש' },

  captcha_missing: { status: 400, message: 'יש להשלים את בדיקת האבטחה (captcha) ולנסות שוב' },
  captcha_invalid: { status: 400, message: 'בדיקת האבטחה (captcha) נכשלה, נסו שוב' },
  captcha_expired: { status: 400, message: 'פג תוקפה של בדיקת האבטחה (captcha), נסו שוב' },
  captcha_replayed: { status: 400, message: 'בדיקת האבטחה (captcha) כבר נוצלה, נסו שוב' },

  wrong_credentials: { status: 401, message: 'הפרטים שגויים, נסו שוב' },
  inactive: { status: 428, message: 'החשבון אינו פעיל, יש ללחוץ על קישור ההפעלה שנשלח באימייל' },
  username_taken: { status: 409, message: 'שם המשתמש כבר תפוס, נסו שם אחר' },
  email_taken: { status: 406, message: 'כתובת האימייל כבר תפוסה, נסו כתובת אחרת' },
  too_young: { status: 400, message: '*השימוש באתר מותר מגיל 13 ומעלה' },
  activation_mail_failed: {
    status: 412,
    message:
      'ההרשמה הצליחה, אך לא הצלחנו לשלוח את אימייל ההפעלה. ננסה לשלוח אותו שוב בקרוב; אם לא יגיע, פנו לתמיכה באימייל',
  },
  already_active: { status: 405, message: 'החשבון כבר פעיל' },
  activation_invalid: { status: 406, message: 'קוד ההפעלה אינו תקין' },
  activation_expired: { status: 412, message: 'קוד ההפעלה ישן, יש להירשם מחדש או לפנות לתמיכה' },
  unknown_email: { status: 401, message: 'הפרטים שהוזנו שגויים, נסו שוב' },
  reset_mail_failed: { status: 503, message: 'לא הצלחנו לשלוח את האימייל לאיפוס הסיסמה, נסו שוב מאוחר יותר' },
  reset_link_invalid: { status: 406, message: 'הקישור לאיפוס הסיסמה אינו תקין' },
  reset_link_used: { status: 406, message: 'הקישור לאיפוס הסיסמה כבר נוצל, יש לבקש קישור חדש' },
  reset_link_expired: { status: 412, message: 'הקישור לאיפוס הסיסמה ישן, יש לבקש קישור חדש' },
  value_taken: { status: 406, message: 'הערך שנבחר תפוס, נסו ערך אחר' },

  forum_not_empty: {
    status: 409,
    message: 'בפורום יש נושאים: אפשר למחוק רק פורום ריק, או למזג אותו לפורום אחר',
  },
  forum_merge_into_itself: { status: 400, message: 'אי אפשר למזג פורום לתוך עצמו' },
  forum_icon_invalid: { status: 400, message: 'הסמל של הפורום צריך להיות אימוג׳י אחד' },
  forum_order_invalid: { status: 400, message: 'הסדר שנשלח צריך לכלול כל פורום פעם אחת בדיוק' },
  last_forum: { status: 409, message: 'זהו הפורום האחרון באתר ולכן אי אפשר למחוק אותו' },
  last_admin: { status: 409, message: 'זהו המנהל האחרון של האתר: יש למנות מנהל נוסף לפני כן' },
  suspension_end_past: { status: 400, message: 'מועד סוף ההשעיה צריך להיות בעתיד' },
  cannot_suspend_self: { status: 400, message: 'אי אפשר להשעות את החשבון שלך' },
  cannot_suspend_admin: { status: 409, message: 'אי אפשר להשעות מנהל: יש להסיר קודם את הרשאת הניהול' },
  cannot_promote_suspended: {
    status: 409,
    message: 'אי אפשר למנות למנהל משתמש מושעה: יש לבטל קודם את ההשעיה',
  },
  not_suspended: { status: 409, message: 'אפשר למחוק את כל ההודעות רק של משתמש מושעה' },
  user_deleted: { status: 409, message: 'החשבון הזה נמחק' },
  /** `{until}` is filled by the server with the end date (dd/mm/yyyy, Israel time); see `errorText`. */
  suspended: { status: 403, message: 'החשבון שלך הושעה עד {until}. סיבה: {reason}' },
  suspended_forever: { status: 403, message: 'החשבון שלך הושעה לצמיתות. סיבה: {reason}' },
  wrong_password: { status: 403, message: 'הסיסמה שגויה, נסו שוב' },

  event_ticket_invalid: {
    status: 401,
    message: 'אישור החיבור לעדכונים החיים אינו תקף או שפג תוקפו, יש לבקש אישור חדש',
  },
  event_ticket_needed: { status: 401, message: 'כדי לקבל עדכונים אלה יש להתחבר לאתר' },
  event_reports_admins_only: { status: 403, message: 'רק מנהלים יכולים לעקוב אחרי תור הדיווחים' },
  too_many_streams: {
    status: 429,
    message: 'יש יותר מדי חיבורים פתוחים לעדכונים חיים, נסו שוב בעוד מספר שניות',
  },
  too_many_mentions: { status: 400, message: 'אפשר להזכיר עד 10 משתמשים בהודעה אחת' },
  unsubscribe_link_invalid: { status: 406, message: 'הקישור להסרה מרשימת הדיוור אינו תקין' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/**
 * The catalogue text of a code with its `{name}` placeholders filled. The server sends the filled
 * text in `message` and the raw values beside it (e.g. `until`), so a client can also word it itself.
 */
export function errorText(code: ErrorCode, params: Record<string, string> = {}): string {
  return ERRORS[code].message.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** A date as Israeli users read it, dd/mm/yyyy in Israel's time zone. */
export function formatIsraeliDate(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** The Hebrew text of a code the server sent; anything unknown reads as the generic failure. */
export function errorMessage(code: unknown): string {
  return isErrorCode(code) ? ERRORS[code].message : ERRORS.internal.message;
}
