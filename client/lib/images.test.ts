import { describe, expect, it } from 'vitest';
import { leadImageSources, postImageUrl } from './images';

const SIZES = '(max-width: 500px) calc(100vw - 20px), 968px';
const STORED = '0123456789abcdef01234567-big.webp';

describe('topic images', () => {
  it('lists a stored image small, big as stored, and an image elsewhere by its address', () => {
    expect(postImageUrl(STORED, 'small')).toBe('/api/images/0123456789abcdef01234567-small.webp');
    expect(postImageUrl(STORED, 'big')).toBe(`/api/images/${STORED}`);
    expect(postImageUrl('https://a.test/x-big.png', 'small')).toBe('https://a.test/x-small.png');
    expect(postImageUrl('', 'big')).toBeNull();
  });

  it('offers the lead picture in every stored size, for the browser to take the one its slot needs', () => {
    expect(leadImageSources(STORED, SIZES)).toEqual({
      src: `/api/images/${STORED}`,
      srcSet:
        '/api/images/0123456789abcdef01234567-small.webp 400w, ' +
        '/api/images/0123456789abcdef01234567-medium.webp 800w, ' +
        `/api/images/${STORED} 1200w`,
      sizes: SIZES,
    });
  });

  it('gives a lead picture not stored here (or of an unknown name) its address alone', () => {
    expect(leadImageSources('https://a.test/x-big.webp', SIZES)).toEqual({
      src: 'https://a.test/x-big.webp',
    });
    expect(leadImageSources('test-topic-big.webp', SIZES)).toEqual({
      src: '/api/images/test-topic-big.webp',
    });
    expect(leadImageSources('', SIZES)).toBeNull();
  });
});
