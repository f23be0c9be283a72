import { describe, expect, it } from 'vitest';
import { imagePreload, leadImage } from './preloads';

describe('leadImage', () => {
  it("is the <img> marked to come first, not React's own preload link before it", () => {
    // As React 19 renders a page with a `fetchPriority="high"` picture: its preload comes first.
    const html =
      '<link rel="preload" as="image" href="/api/images/a-big.webp" fetchPriority="high"/>' +
      '<a href="/topic/1"><img src="/api/images/a-big.webp?v=1&amp;w=2" alt="" class="slider__image" ' +
      'decoding="async" fetchPriority="high"/></a><img src="/api/images/b-big.webp" alt="" loading="lazy"/>';
    expect(leadImage(html)).toEqual({ src: '/api/images/a-big.webp?v=1&amp;w=2', srcset: null, sizes: null });
  });

  it('carries the sources the browser chooses from, and the preload offers the same choice', () => {
    const html =
      '<img src="/api/images/a-big.webp" srcSet="/api/images/a-small.webp 400w, /api/images/a-big.webp 1200w" ' +
      'sizes="(max-width: 1000px) calc(100vw - 32px), 968px" alt="" fetchPriority="high"/>';
    const image = leadImage(html);
    expect(image).toEqual({
      src: '/api/images/a-big.webp',
      srcset: '/api/images/a-small.webp 400w, /api/images/a-big.webp 1200w',
      sizes: '(max-width: 1000px) calc(100vw - 32px), 968px',
    });
    expect(image && imagePreload(image)).toBe(
      '<link rel="preload" href="/api/images/a-big.webp" imagesrcset="/api/images/a-small.webp 400w, ' +
        '/api/images/a-big.webp 1200w" imagesizes="(max-width: 1000px) calc(100vw - 32px), 968px" as="image" ' +
        'fetchpriority="high">',
    );
  });

  it('is null on a page without such a picture', () => {
    expect(leadImage('<img src="/a.webp" alt="" loading="lazy"/><p>fetchpriority="high"</p>')).toBeNull();
  });
});
