import { HttpError } from '../../http-error';

/** The Hebrew answers of the account calls (spec §8), with their statuses and codes. */
export const accountErrors = {
  wrongCredentials: () => new HttpError(401, 'wrong_credentials', 'הפרטים שגויים, נסו שוב'),
  inactiveLogin: () =>
    new HttpError(428, 'inactive', 'החשבון אינו פעיל, יש ללחוץ על קישור ההפעלה שנשלח לאימייל'),
  usernameTaken: () => new HttpError(409, 'username_taken', 'שם המשתמש תפוס, נסו שם אחר'),
  emailTaken: () => new HttpError(406, 'email_taken', 'כתובת האימייל תפוסה, נסו כתובת אחרת'),
  tooYoung: (message: string) => new HttpError(400, 'validation', message),
  activationMailFailed: () =>
    new HttpError(
      412,
      'mail_failed',
      'ההרשמה הצליחה, אך לא הצלחנו לשלוח את אימייל ההפעלה. ננסה לשלוח אותו שוב בקרוב; אם לא יגיע, פנו לתמיכה באימייל',
    ),
  alreadyActive: () => new HttpError(405, 'already_active', 'החשבון כבר פעיל'),
  activationInvalid: () => new HttpError(406, 'invalid_link', 'קוד ההפעלה אינו תקין'),
  activationOld: () => new HttpError(412, 'link_expired', 'קוד ההפעלה ישן, יש להירשם מחדש או לפנות לתמיכה'),
  forgotUnknownEmail: () => new HttpError(401, 'unknown_email', 'הפרטים שהוזנו שגויים, נסו שוב'),
  forgotInactive: () =>
    new HttpError(428, 'inactive', 'החשבון אינו פעיל, יש ללחוץ על קישור ההפעלה שקיבלתם באימייל'),
  resetMailFailed: () =>
    new HttpError(503, 'mail_failed', 'לא הצלחנו לשלוח את האימייל לאיפוס הסיסמה, נסו שוב מאוחר יותר'),
  resetInvalid: () => new HttpError(406, 'invalid_link', 'הקישור לאיפוס הסיסמה אינו תקין'),
  resetUsed: () => new HttpError(406, 'link_used', 'הקישור לאיפוס הסיסמה כבר נוצל, יש לבקש קישור חדש'),
  resetOld: () => new HttpError(412, 'link_expired', 'הקישור לאיפוס הסיסמה ישן, יש לבקש קישור חדש'),
  profileValueTaken: () => new HttpError(406, 'email_taken', 'הערך שנבחר תפוס, נסו ערך אחר'),
};
