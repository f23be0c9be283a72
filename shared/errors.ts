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

  too_many_mentions: { status: 400, message: 'אפשר להזכיר עד 10 משתמשים בהודעה אחת' },
  unsubscribe_link_invalid: { status: 406, message: 'הקישור להסרה מרשימת הדיוור אינו תקין' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The Hebrew text of a code the server sent; anything unknown reads as the generic failure. */
export function errorMessage(code: unknown): string {
  return isErrorCode(code) ? ERRORS[code].message : ERRORS.internal.message;
}
