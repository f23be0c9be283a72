import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect';
import { perDatabase } from './per-database';

describe('perDatabase', () => {
  it('makes one value per database, found again from its transactions, and another for another database', async () => {
    const first = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    const second = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      let made = 0;
      const madeFor = perDatabase(() => ({ serial: ++made }));
      const ofFirst = madeFor(first);
      expect(await first.transaction().execute(async (trx) => madeFor(trx))).toBe(ofFirst);
      expect(madeFor(first)).toBe(ofFirst);
      const ofSecond = madeFor(second);
      expect(ofSecond).not.toBe(ofFirst);
      expect([ofFirst.serial, ofSecond.serial, made]).toEqual([1, 2, 2]);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });
});
