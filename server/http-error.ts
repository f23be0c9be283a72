import { ERRORS, type ErrorCode, errorText } from '../shared/errors';

/**
 * An answer the user should see: an HTTP status of docs/product.md §8, a machine code and a Hebrew message.
 * Services throw it (through `apiError`); the error handler turns it into `{error, message}`.
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

/**
 * The error of a catalogued code (shared/errors.ts), with the catalogue's status and text. Only
 * `validation` takes a message: the text of the rule that failed (shared/validation-messages.ts).
 */
export function apiError(code: Exclude<ErrorCode, 'validation'>): HttpError;
export function apiError(code: 'validation', message: string): HttpError;
export function apiError(code: ErrorCode, message?: string): HttpError {
  const entry = ERRORS[code];
  return new HttpError(entry.status, code, message ?? entry.message);
}

/**
 * The error of a catalogued code whose text has `{placeholders}` (a suspension's end date), filled
 * from `params`; `details` go into the body beside `error` and `message`.
 */
export function apiErrorWith(
  code: Exclude<ErrorCode, 'validation'>,
  params: Record<string, string>,
  details?: Record<string, string | number | null>,
): HttpError {
  return new HttpError(ERRORS[code].status, code, errorText(code, params), details);
}
