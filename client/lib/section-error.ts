import { ERRORS, type ErrorCode } from '../../shared/errors';
import { LoadStatus } from '../../shared/load-status';
import { Section } from './load-status-store';

/**
 * The failures that read differently in a section (docs/product.md §8), as the error codes whose catalogue
 * text they show. Any status not listed, Failed included, reads as the generic `internal` text.
 */
const SECTION_ERRORS: Partial<Record<Section, Partial<Record<LoadStatus, ErrorCode>>>> = {
  [Section.Login]: {
    [LoadStatus.Unauthorized]: 'wrong_credentials',
    [LoadStatus.PreconditionRequired]: 'inactive',
  },
  [Section.Register]: {
    [LoadStatus.NotAcceptable]: 'email_taken',
    [LoadStatus.ProxyAuthenticationRequired]: 'username_taken',
    [LoadStatus.PreconditionFailed]: 'activation_mail_failed',
  },
  [Section.ForgotPassword]: {
    [LoadStatus.Unauthorized]: 'unknown_email',
    [LoadStatus.PreconditionRequired]: 'inactive',
  },
  [Section.ActivateUser]: {
    [LoadStatus.MethodNotAllowed]: 'already_active',
    [LoadStatus.NotAcceptable]: 'activation_invalid',
    [LoadStatus.PreconditionFailed]: 'activation_expired',
  },
  // The reset link's check: any failure but "old" reads as an invalid link (docs/product.md §8).
  [Section.ActivatePassword]: {
    [LoadStatus.Failed]: 'reset_link_invalid',
    [LoadStatus.Unauthorized]: 'reset_link_invalid',
    [LoadStatus.NotFound]: 'reset_link_invalid',
    [LoadStatus.MethodNotAllowed]: 'reset_link_invalid',
    [LoadStatus.NotAcceptable]: 'reset_link_invalid',
    [LoadStatus.PreconditionFailed]: 'reset_link_expired',
  },
  [Section.ChangePassword]: {
    [LoadStatus.MethodNotAllowed]: 'reset_link_invalid',
    [LoadStatus.NotAcceptable]: 'reset_link_invalid',
    [LoadStatus.PreconditionFailed]: 'reset_link_expired',
  },
  [Section.EditProfile]: { [LoadStatus.NotAcceptable]: 'value_taken' },
};

/** The error code a section's failed status stands for. */
function sectionErrorCode(section: Section, status: LoadStatus): ErrorCode {
  return SECTION_ERRORS[section]?.[status] ?? 'internal';
}

/** The Hebrew text a section shows for its failed status, from the shared error catalogue. */
export function sectionErrorMessage(section: Section, status: LoadStatus): string {
  return ERRORS[sectionErrorCode(section, status)].message;
}
