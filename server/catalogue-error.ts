import { ERRORS, type ErrorCode, errorText } from '../shared/errors';
import { HttpError } from './http-error';

/**
 * The answer for a code of the catalogue (shared/errors.ts): its status and Hebrew text, with the
 * text's `{placeholders}` filled from `params`; `details` go into the body beside `error` and `message`.
 */
export function catalogueError(
  code: ErrorCode,
  params: Record<string, string> = {},
  details?: Record<string, string | number | null>,
): HttpError {
  return new HttpError(ERRORS[code].status, code, errorText(code, params), details);
}
