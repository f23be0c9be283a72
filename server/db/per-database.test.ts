import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect';
import { perDatabase } from './per-database';

describe('perDatabase', () => {
  it('makes one value per database, found again from its transactions, and another for another database', async () => {
    const first = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    const second = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      let made = 0;
      const valueOf = perDatabase(() => ({ serial: ++made }));
      const ofFirst = valueOf(first);
      expect(await first.transaction().execute(async (trx) => valueOf(trx))).toBe(ofFirst);
      expect(valueOf(first)).toBe(ofFirst);
      const ofSecond = valueOf(second);
      expect(ofSecond).not.toBe(ofFirst);
      expect([ofFirst.serial, ofSecond.serial, made]).toEqual([1, 2, 2]);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });
});
