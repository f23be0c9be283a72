/** Where a topic image is served; lists show the small version of a "big" image (docs/product.md §3). */
export function postImageUrl(image: string, size: 'big' | 'small'): string | null {
  if (!image) return null;
  if (/^https?:\/\//.test(image) || image.startsWith('/')) return size === 'small' ? smallName(image) : image;
  return `/api/images/${encodeURIComponent(size === 'small' ? smallName(image) : image)}`;
}

function smallName(image: string): string {
  return image.replace(/big(\.[a-z0-9]+)?$/i, 'small$1');
}
