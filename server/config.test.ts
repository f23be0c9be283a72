import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to an SQLite file under DATA_DIR and keeps a generated secret', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.siteName).toBe('קהילה');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dataDir, 'forum.sqlite') });
    expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()).toBe(config.secretKey);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(config.secretKey);
  });

  it('uses PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/forum', SECRET_KEY: 'x'.repeat(32) });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1/forum' });
  });

  it('sizes the guest cache in megabytes: 64 by default, 0 turns it off, a bad value stops', () => {
    const secret = { SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(secret).guestCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ ...secret, GUEST_CACHE_MB: '0' }).guestCacheBytes).toBe(0);
    expect(loadConfig({ ...secret, GUEST_CACHE_MB: '0.5' }).guestCacheBytes).toBe(512 * 1024);
    expect(() => loadConfig({ ...secret, GUEST_CACHE_MB: 'lots' })).toThrow(/GUEST_CACHE_MB/);
    expect(() => loadConfig({ ...secret, GUEST_CACHE_MB: '-1' })).toThrow(/GUEST_CACHE_MB/);
  });

  it('stops with one line per bad value', () => {
    const load = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SECRET_KEY/);
  });
});
