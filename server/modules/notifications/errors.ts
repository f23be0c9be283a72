import { ERRORS, type ErrorCode } from '../../../shared/errors';
import { HttpError } from '../../http-error';

/** An answer from the shared catalogue: its status, its code and its Hebrew text. */
export const catalogueError = (code: ErrorCode) =>
  new HttpError(ERRORS[code].status, code, ERRORS[code].message);
