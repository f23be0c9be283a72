import { ERRORS, type ErrorCode } from '../shared/errors';

/**
 * An answer the user should see: an HTTP status of spec §8, a machine code and a Hebrew message.
 * Services throw it (through `apiError`); the error handler turns it into `{error, message}`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
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
