import type { Kysely } from 'kysely';
import { type Actor, can } from '../../../shared/policies';
import type { SiteInfo, SiteSettingsUpdate } from '../../../shared/schemas/site';
import { apiError } from '../../http-error';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { publish } from '../../events';
import { readSettingRows, writeSetting } from './site-settings.repository';

/** How long an instance serves its copy before reading the table again. */
export const SITE_SETTINGS_TTL_MS = 3_000;

const KEYS = [
  'siteName',
  'description',
  'contactEmail',
  'socialUrl',
  'archiveUrl',
] as const satisfies readonly (keyof SiteInfo)[];

/** Only admins read the settings screen and write it. */
export function allowSiteSettings(actor: Actor): void {
  if (!can.manageSite(actor)) throw apiError(actor ? 'forbidden' : 'unauthorized');
}

/** The environment's values: what a database where no admin changed anything shows. */
export function defaultSiteSettings(config: Config): SiteInfo {
  return {
    siteName: config.siteName,
    description: config.siteDescription,
    contactEmail: config.contactEmail,
    socialUrl: config.socialUrl,
    archiveUrl: config.archiveUrl,
  };
}

/**
 * The site settings of this instance: the environment's defaults overlaid with what admins stored.
 * Every instance keeps a copy for SITE_SETTINGS_TTL_MS and then reads the small table again, so a
 * change shows everywhere within that time even if its event never arrives. The event does arrive
 * on every instance (`site.changed`, or a resync when events may have been lost), and drops the
 * copy at once (siteSettingsPlugin): the guest cache drops every answer on the same event, and
 * the answers made again must not be made from the copy read before the change, or they would be
 * kept with the old settings until the next write.
 */
export class SiteSettingsStore {
  private cached: { value: SiteInfo; readAt: number } | null = null;
  private reading: Promise<SiteInfo> | null = null;
  /** Counts invalidations: a read that began before one must not keep what it read. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaults: SiteInfo,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = SITE_SETTINGS_TTL_MS,
  ) {}

  async get(): Promise<SiteInfo> {
    if (this.cached && this.now() - this.cached.readAt < this.ttlMs) return this.cached.value;
    // Concurrent requests after expiry share one read.
    if (!this.reading) {
      const reading = this.read().finally(() => {
        if (this.reading === reading) this.reading = null;
      });
      this.reading = reading;
    }
    return this.reading;
  }

  /** Forgets the copy, and a read under way: the next get reads the table. */
  invalidate(): void {
    this.generation += 1;
    this.cached = null;
    this.reading = null;
  }

  private async read(): Promise<SiteInfo> {
    const generation = this.generation;
    const readAt = this.now();
    const rows = await readSettingRows(this.db);
    const value = { ...this.defaults };
    for (const key of KEYS) {
      const stored = rows.get(key);
      if (stored !== undefined) value[key] = stored;
    }
    if (generation === this.generation) this.cached = { value, readAt };
    return value;
  }

  /** Stores the settings given (admins only) in one transaction and answers the new whole. */
  async update(actor: Actor, input: SiteSettingsUpdate, now: number): Promise<SiteInfo> {
    allowSiteSettings(actor);
    const updatedBy = actor && actor.id > 0 ? actor.id : null;
    await this.db.transaction().execute(async (trx) => {
      for (const key of KEYS) {
        const value = input[key];
        if (value !== undefined)
          await writeSetting(trx, { key, value, updated_at: now, updated_by: updatedBy });
      }
      await publish(trx, { type: 'site.changed' });
    });
    this.invalidate();
    return this.get();
  }
}
