import { describe, expect, it } from 'vitest';
import { leadImage } from './preloads';

describe('leadImage', () => {
  it("is the <img> marked to come first, not React's own preload link before it", () => {
    // As React 19 renders a page with a `fetchPriority="high"` picture: its preload comes first.
    const html =
      '<link rel="preload" as="image" href="/api/images/a-big.webp" fetchPriority="high"/>' +
      '<a href="/topic/1"><img src="/api/images/a-big.webp?v=1&amp;w=2" alt="" class="slider__image" ' +
      'decoding="async" fetchPriority="high"/></a><img src="/api/images/b-big.webp" alt="" loading="lazy"/>';
    expect(leadImage(html)).toBe('/api/images/a-big.webp?v=1&amp;w=2');
  });

  it('is null on a page without such a picture', () => {
    expect(leadImage('<img src="/a.webp" alt="" loading="lazy"/><p>fetchpriority="high"</p>')).toBeNull();
  });
});
