import { describe, expect, it } from 'vitest';
import { errorText, formatIsraeliDate } from './errors';
import { type Actor, can } from './policies';

const guest: Actor = null;
const author: Actor = { id: 1, isAdmin: false };
const stranger: Actor = { id: 2, isAdmin: false };
const admin: Actor = { id: 3, isAdmin: true };
const actors = { guest, author, stranger, admin };

const reply = { userId: 1, isMain: false };
const main = { userId: 1, isMain: true };

describe('who may do what', () => {
  it.each([
    ['createTopic', { guest: false, author: true, stranger: true, admin: true }],
    ['reply', { guest: false, author: true, stranger: true, admin: true }],
    ['like', { guest: false, author: true, stranger: true, admin: true }],
    ['search', { guest: false, author: true, stranger: true, admin: true }],
    ['report', { guest: true, author: true, stranger: true, admin: true }],
    ['deleteTopic', { guest: false, author: false, stranger: false, admin: true }],
    ['moveTopic', { guest: false, author: false, stranger: false, admin: true }],
    ['editSubject', { guest: false, author: false, stranger: false, admin: true }],
    ['refreshTopicImage', { guest: false, author: false, stranger: false, admin: true }],
    ['moderateReports', { guest: false, author: false, stranger: false, admin: true }],
  ] as const)('%s', (ability, expected) => {
    for (const [name, actor] of Object.entries(actors)) {
      expect(can[ability](actor), name).toBe(expected[name as keyof typeof expected]);
    }
  });

  it.each([
    ['a reply', reply, { guest: false, author: true, stranger: false, admin: true }],
    ['the main message', main, { guest: false, author: true, stranger: false, admin: true }],
  ] as const)('editMessage on %s: its author or an admin', (_, message, expected) => {
    for (const [name, actor] of Object.entries(actors)) {
      expect(can.editMessage(actor, message), name).toBe(expected[name as keyof typeof expected]);
    }
  });

  it.each([
    ['a reply', reply, { guest: 'forbidden', author: 'allowed', stranger: 'forbidden', admin: 'allowed' }],
    [
      'the main message',
      main,
      { guest: 'forbidden', author: 'main-message', stranger: 'forbidden', admin: 'main-message' },
    ],
  ] as const)('deleteMessage on %s', (_, message, expected) => {
    for (const [name, actor] of Object.entries(actors)) {
      expect(can.deleteMessage(actor, message), name).toBe(expected[name as keyof typeof expected]);
    }
  });

  it('never takes a guest for the author, whatever the message says', () => {
    expect(can.editMessage(null, { userId: 0, isMain: false })).toBe(false);
  });
});

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
