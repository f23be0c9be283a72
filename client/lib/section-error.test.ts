import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../shared/errors';
import { LoadStatus } from '../../shared/load-status';
import { Section } from './load-status-store';
import { sectionErrorMessage } from './section-error';

describe('sectionErrorMessage', () => {
  it('reads each section failure of docs/product.md §8 from the shared catalogue', () => {
    expect(sectionErrorMessage(Section.Login, LoadStatus.Unauthorized)).toBe(
      ERRORS.wrong_credentials.message,
    );
    expect(sectionErrorMessage(Section.Login, LoadStatus.PreconditionRequired)).toBe(ERRORS.inactive.message);
    expect(sectionErrorMessage(Section.Register, LoadStatus.ProxyAuthenticationRequired)).toBe(
      ERRORS.username_taken.message,
    );
    expect(sectionErrorMessage(Section.Register, LoadStatus.NotAcceptable)).toBe(ERRORS.email_taken.message);
    expect(sectionErrorMessage(Section.ActivateUser, LoadStatus.MethodNotAllowed)).toBe(
      ERRORS.already_active.message,
    );
    expect(sectionErrorMessage(Section.ActivatePassword, LoadStatus.Failed)).toBe(
      ERRORS.reset_link_invalid.message,
    );
    expect(sectionErrorMessage(Section.EditProfile, LoadStatus.NotAcceptable)).toBe(
      ERRORS.value_taken.message,
    );
  });
  it('reads anything else as the generic failure', () => {
    expect(sectionErrorMessage(Section.Login, LoadStatus.Failed)).toBe(ERRORS.internal.message);
    expect(sectionErrorMessage(Section.MoveTopic, LoadStatus.NotFound)).toBe(ERRORS.internal.message);
  });
});
