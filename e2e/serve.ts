import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_SITE_NAME, E2E_SOCIAL_URL } from './fixtures';
import { E2E_SECRET_KEY } from './fixtures';
import { UNLIMITED_WRITES } from '../server/modules/rate-limit/rate-limit.rules';

// The real production server on a fresh SQLite database of its own, for the end-to-end tests.
// `npm test` builds dist/ before Playwright starts this.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'forum-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '3100';
process.env.HOST = '127.0.0.1';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.LOG_LEVEL = 'warn';
process.env.DATABASE_URL = '';
process.env.SITE_NAME = E2E_SITE_NAME;
// The footer's links come from the site settings (GET /api/site), starting from these.
process.env.SOCIAL_URL = E2E_SOCIAL_URL;
process.env.ARCHIVE_URL = 'https://archive.forum.test/';
// A fixed secret, so specs can seal activation and reset link values the server accepts.
process.env.SECRET_KEY = E2E_SECRET_KEY;
// Specs write as fast as a browser clicks, from one address, with accounts minutes old.
process.env.RATE_LIMITS = UNLIMITED_WRITES;
// Mail goes to a real SMTP server on loopback that writes each mail to a folder the specs read.
const { E2E_SMTP_PORT, startMailCatcher } = await import('./mail');
await startMailCatcher();
process.env.SMTP_URL = `smtp://127.0.0.1:${E2E_SMTP_PORT}`;
// The seed writes before the server listens, so the first test sees the whole data set.
const { seedE2e } = await import('./seed');
await seedE2e();
await import(path.resolve('dist/server/main.js'));
