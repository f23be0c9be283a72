import { describe, expect, it } from 'vitest';
import { messagePolicy } from './messages.policy';

const guest = null;
const author = { id: 1, is_admin: 0 };
const other = { id: 3, is_admin: 0 };
const admin = { id: 2, is_admin: 1 };
const reply = { userId: author.id, isMain: false };
const main = { userId: author.id, isMain: true };

describe('messagePolicy', () => {
  it('lets logged-in users reply and like, not guests', () => {
    expect([guest, author, other, admin].map(messagePolicy.reply)).toEqual([false, true, true, true]);
    expect([guest, author, other, admin].map(messagePolicy.like)).toEqual([false, true, true, true]);
  });

  it('lets the author or an admin edit any message', () => {
    for (const message of [reply, main]) {
      expect([guest, author, other, admin].map((actor) => messagePolicy.edit(actor, message))).toEqual([
        false,
        true,
        false,
        true,
      ]);
    }
  });

  it('lets the author or an admin delete a reply', () => {
    expect([guest, author, other, admin].map((actor) => messagePolicy.delete(actor, reply))).toEqual([
      'forbidden',
      'allowed',
      'forbidden',
      'allowed',
    ]);
  });

  it('sends the main message to the topic delete, and refuses it outright to others', () => {
    expect([guest, author, other, admin].map((actor) => messagePolicy.delete(actor, main))).toEqual([
      'forbidden',
      'main-message',
      'forbidden',
      'main-message',
    ]);
  });

  it('does not take an admin flag other than 1 for an admin', () => {
    expect(messagePolicy.edit({ id: 9, is_admin: 0 }, reply)).toBe(false);
  });
});
