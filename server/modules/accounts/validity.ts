const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How long each credential of the account flows lasts, in one place. */
export const VALIDITY_MS = {
  /** A login session (bearer token). */
  session: 30 * DAY,
  /** The link in the activation mail. */
  activationLink: 7 * DAY,
  /** The link in the password-reset mail: short, since it opens the account. */
  resetLink: 1 * HOUR,
  /** Links dated this far ahead of the server clock are treated as forged, not as young. */
  clockSkew: 5 * 60 * 1000,
} as const;
