import type { Deps } from '../../deps';
import type { UserRow } from '../../db/database';
import type { OutgoingMail } from '../mail/mail.service';
import { renderLinkMail } from '../mail/mail.templates';
import { sealLink } from './links';
import { VALIDITY_MS } from './validity';

const HOUR = 60 * 60 * 1000;

function link(
  deps: Deps,
  route: 'activate-user' | 'forgot-password',
  user: UserRow,
  purpose: 'activation' | 'reset',
) {
  const value = sealLink(deps.config.secretKey, {
    purpose,
    userId: user.id,
    passwordVersion: user.password_version,
    issuedAt: deps.clock.now(),
  });
  return `${deps.config.publicUrl}/${route}/${value}`;
}

/** The mail with the link that activates a new account; a fresh link each time it is made. */
export async function activationMail(deps: Deps, user: UserRow): Promise<OutgoingMail> {
  const { siteName } = await deps.site.get();
  const url = link(deps, 'activate-user', user, 'activation');
  const days = Math.round(VALIDITY_MS.activationLink / (24 * HOUR));
  return {
    to: user.email,
    fromName: siteName,
    link: url,
    ...renderLinkMail({
      siteName,
      subject: 'הפעלת החשבון',
      greeting: `שלום ${user.username},`,
      body: [
        `תודה שנרשמת לאתר ${siteName}.`,
        'כדי לסיים את ההרשמה ולהפעיל את החשבון יש ללחוץ על הקישור. עד אז החשבון אינו פעיל.',
      ],
      linkLabel: 'הפעלת החשבון',
      link: url,
      note: `הקישור בתוקף ${days} ימים. אם לא נרשמת לאתר, אפשר להתעלם מהודעה זו.`,
    }),
  };
}

/** The mail with the link that sets a new password. */
export async function resetMail(deps: Deps, user: UserRow): Promise<OutgoingMail> {
  const { siteName } = await deps.site.get();
  const url = link(deps, 'forgot-password', user, 'reset');
  const minutes = Math.round(VALIDITY_MS.resetLink / 60_000);
  return {
    to: user.email,
    fromName: siteName,
    link: url,
    ...renderLinkMail({
      siteName,
      subject: 'איפוס סיסמה',
      greeting: `שלום ${user.username},`,
      body: ['התקבלה בקשה לאיפוס הסיסמה שלך. כדי לבחור סיסמה חדשה יש ללחוץ על הקישור.'],
      linkLabel: 'בחירת סיסמה חדשה',
      link: url,
      note: `הקישור בתוקף ${minutes} דקות ואפשר להשתמש בו פעם אחת. אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מהודעה זו.`,
    }),
  };
}
