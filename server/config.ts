import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseRateLimits, type RateLimitRules } from './modules/rate-limit/rate-limit.rules';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (url) => /^(postgres|postgresql|sqlite):/.test(url),
      'must start with postgres://, postgresql:// or sqlite:',
    )
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SITE_NAME: z.string().min(1).default('קהילה'),
  /** Defaults of the site settings for a new database; admins change them in the settings screen. */
  SITE_DESCRIPTION: z.string().default(''),
  CONTACT_EMAIL: z.union([z.email(), z.literal('')]).default(''),
  SOCIAL_URL: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
  ARCHIVE_URL: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
  /** A JSON list of `{name, icon, description?}`: the forums an empty database starts with. */
  FORUMS_FILE: z.string().min(1).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .refine((url) => /^smtps?:\/\//.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('forum@localhost'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  /** Lets topic images be fetched from loopback and private addresses: for tests only. */
  ALLOW_PRIVATE_IMAGE_HOSTS: z.stringbool().default(false),
  ANALYTICS_ID: z.string().optional(),
  /** Overrides of the request limits, `login.ip=30/900,login.email=10/900` (limit/window seconds). */
  RATE_LIMITS: z.string().optional(),
  /** Memory for the guest cache of public pages and JSON, in megabytes; 0 turns it off. */
  GUEST_CACHE_MB: z.coerce.number().min(0).max(65536).default(64),
  /** Most open live-update streams (GET /api/events) in this process, and from one address. */
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).default(5000),
  EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(40),
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  siteName: string;
  siteDescription: string;
  contactEmail: string;
  socialUrl: string;
  archiveUrl: string;
  forumsFile: string | undefined;
  secretKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  allowPrivateImageHosts: boolean;
  analyticsId: string | undefined;
  rateLimits: RateLimitRules;
  guestCacheBytes: number;
  eventStreams: { max: number; perAddress: number };
}>;

export class ConfigError extends Error {}

/** Parses the environment once. A bad value stops start-up with one clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Bad configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  let rateLimits: RateLimitRules;
  try {
    rateLimits = parseRateLimits(values.RATE_LIMITS);
  } catch (error) {
    throw new ConfigError(`Bad configuration:\n  RATE_LIMITS: ${(error as Error).message}`);
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const databaseUrl = values.DATABASE_URL;
  const database: Config['database'] =
    databaseUrl === undefined
      ? { kind: 'sqlite', file: path.join(dataDir, 'forum.sqlite') }
      : databaseUrl.startsWith('sqlite:')
        ? { kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '') }
        : { kind: 'postgres', url: databaseUrl };
  return Object.freeze({
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    siteName: values.SITE_NAME,
    siteDescription: values.SITE_DESCRIPTION,
    contactEmail: values.CONTACT_EMAIL,
    socialUrl: values.SOCIAL_URL,
    archiveUrl: values.ARCHIVE_URL,
    forumsFile: values.FORUMS_FILE,
    secretKey: values.SECRET_KEY ?? readOrCreateSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    allowPrivateImageHosts: values.ALLOW_PRIVATE_IMAGE_HOSTS,
    analyticsId: values.ANALYTICS_ID,
    rateLimits,
    guestCacheBytes: Math.round(values.GUEST_CACHE_MB * 1024 * 1024),
    eventStreams: { max: values.EVENT_STREAMS_MAX, perAddress: values.EVENT_STREAMS_PER_ADDRESS },
  });
}

/** Keeps a generated secret beside the data so links stay valid across restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
