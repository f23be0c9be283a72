/**
 * An answer the user should see: an HTTP status of spec §8, a machine code and a Hebrew message.
 * Services throw it; the error handler turns it into `{error, message}`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra fields of the answer beside `error` and `message`, e.g. a suspension's `until`. */
    readonly details?: Record<string, string | number | null>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const GENERIC_ERROR_MESSAGE = 'אירעה שגיאה, נסו שוב מאוחר יותר';

export const notFound = (message = 'הדף או הפריט המבוקש לא נמצא') => new HttpError(404, 'not_found', message);
export const unauthorized = (message = 'כדי לבצע פעולה זו יש להתחבר לאתר') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'אין לך הרשאה לבצע פעולה זו') => new HttpError(403, 'forbidden', message);
export const badRequest = (message: string, code = 'validation') => new HttpError(400, code, message);
