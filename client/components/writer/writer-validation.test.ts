import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { ERRORS } from '../../../shared/errors';
import { countMentions, mentionsError, messageError, urlError } from './writer-validation';

describe('messageError', () => {
  it.each(['', '<p></p>', '<p>   </p><p></p>', '<div><br></div>', '<p>&nbsp;</p>', '<br/><br />'])(
    'finds %j empty',
    (html) => {
      expect(messageError(html)).toBe(VALIDATION_MESSAGES.emptyMessage);
    },
  );
  it('accepts text, an image alone and markup up to 10000 characters', () => {
    expect(messageError('<p>שלום</p>')).toBeNull();
    expect(messageError('<p><img src="/emoji/1f600.svg" alt="חיוך"></p>')).toBeNull();
    expect(messageError(`<p>${'א'.repeat(10_000 - 7)}</p>`)).toBeNull();
  });
  it('refuses more than 10000 characters of markup', () => {
    expect(messageError(`<p>${'א'.repeat(10_000 - 6)}</p>`)).toBe(VALIDATION_MESSAGES.messageTooLong);
  });
});

describe('urlError', () => {
  it('takes web addresses up to 300 characters', () => {
    expect(urlError('https://example.com/a.png', 'image')).toBeNull();
    expect(urlError('mailto:a@b.co', 'link')).toBeNull();
    expect(urlError('mailto:a@b.co', 'image')).not.toBeNull();
    expect(urlError('javascript:alert(1)', 'link')).not.toBeNull();
    expect(urlError(`https://example.com/${'a'.repeat(300)}`, 'link')).toBe(VALIDATION_MESSAGES.urlTooLong);
  });
});

describe('mentionsError', () => {
  const names = (count: number) => Array.from({ length: count }, (_, index) => `@משתמש${index}`).join(' ');
  it('counts distinct names, wherever the @ starts a word or follows a Hebrew prefix', () => {
    expect(countMentions('<p>שלום @דנה ו@יוסי, ל@דנה שוב</p>')).toBe(2);
    expect(countMentions('<p>mail@example.com</p>')).toBe(0);
  });
  it('allows 10 mentioned users and refuses the 11th in Hebrew', () => {
    expect(mentionsError(`<p>${names(10)}</p>`)).toBeNull();
    expect(mentionsError(`<p>${names(11)}</p>`)).toBe(ERRORS.too_many_mentions.message);
  });
});
