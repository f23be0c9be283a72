import { describe, expect, it } from 'vitest';
import { errorText, formatIsraeliDate } from './errors';
import { can } from './policies';

describe('admin abilities', () => {
  const guest = null;
  const user = { id: 2, isAdmin: false };
  const admin = { id: 1, isAdmin: true };

  it('only an admin manages forums, the site, members and the admin role', () => {
    for (const ability of [can.manageForums, can.manageSite, can.manageMembers, can.grantAdmin]) {
      expect([ability(guest), ability(user), ability(admin)]).toEqual([false, false, true]);
    }
  });

  it('any logged-in user exports and deletes their own account; a guest does not', () => {
    for (const ability of [can.exportOwnData, can.deleteOwnAccount]) {
      expect([ability(guest), ability(user), ability(admin)]).toEqual([false, true, true]);
    }
  });
});

describe('parameterised error texts', () => {
  it('fills the placeholders of a catalogue text and leaves unknown ones visible', () => {
    expect(errorText('suspended', { until: '04/01/2026', reason: 'ספאם' })).toBe(
      'החשבון שלך הושעה עד 04/01/2026. סיבה: ספאם',
    );
    expect(errorText('suspended', {})).toContain('{until}');
    expect(errorText('last_admin')).toMatch(/[\u0590-\u05FF]/);
  });

  it('writes dates in Israel time, dd/mm/yyyy', () => {
    // 22:30 UTC on 3 January is already 4 January in Israel (UTC+2).
    expect(formatIsraeliDate(Date.UTC(2026, 0, 3, 22, 30))).toBe('04/01/2026');
    expect(formatIsraeliDate(Date.UTC(2026, 6, 1, 12))).toBe('01/07/2026');
  });
});
