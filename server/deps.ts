import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { SiteInfo } from '../shared/schemas/site';
import type { Mailer } from './modules/mail/mail.service';

/** What services log through: the app's logger in the server, anything with these methods elsewhere. */
export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The plain dependencies every service takes first, built once in app.ts. Services know nothing
 * of the web framework, so the seed, the test factories and the bench can call them too.
 */
export interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  log: Logger;
  /** The site's settings as admins saved them (its name in mails and feeds), a few seconds old at most. */
  site: { get(): Promise<SiteInfo> };
}

/** What a service that writes rows but sends no mail needs: the database and the clock. */
export type DataDeps = Pick<Deps, 'db' | 'clock'>;

/** What a read-only service needs: the database alone. */
export type ReadDeps = Pick<Deps, 'db'>;
