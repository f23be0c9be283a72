import type { OwnUser } from '../../shared/schemas/accounts';

/** A logged-in member as the client's tests sign in (setAuthenticated, setAuthenticatedUser). */
export const TEST_MEMBER: OwnUser = {
  id: 2,
  username: 'דנה כהן',
  isAdmin: false,
  avatar: '/api/avatars/2.svg',
  email: 'd@x.test',
  birthdate: null,
};
