import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../test/databases';
import { EVENTS_CHANNEL, notifyAndCommitSql } from './notify-dialect';

describe.skipIf(!TEST_DATABASE_URL)('NOTIFYs sent with the commit', () => {
  it('delivers every payload as written, quotes and backslashes too, once the transaction commits', async () => {
    const marker = randomBytes(6).toString('hex');
    const payloads = [`{"a":"${marker}"}`, `it's ${marker} \\ "quoted" \\'`, `שלום ${marker}`];
    const listener = new pg.Client({ connectionString: TEST_DATABASE_URL });
    const sender = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await Promise.all([listener.connect(), sender.connect()]);
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => {
        if (message.payload?.includes(marker)) heard.push(message.payload);
      });
      await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
      await sender.query('begin');
      // PostgreSQL delivers notifications only at a commit: hearing them shows the commit went too.
      await sender.query(notifyAndCommitSql(payloads));
      const deadline = Date.now() + 5_000;
      while (heard.length < payloads.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual(payloads);
    } finally {
      await Promise.all([listener.end(), sender.end()]);
    }
  });
});
