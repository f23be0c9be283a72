import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { messageError, urlError } from './writer-validation';

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
