import { IMAGE_NAME_PATTERN, IMAGE_SIZES, type ImageSize, imageNameOfSize } from '../../shared/image-sizes';

/** Where a topic image is served; lists show the small version of a "big" image (docs/product.md §3). */
export function postImageUrl(image: string, size: 'big' | 'small'): string | null {
  if (!image) return null;
  if (/^https?:\/\//.test(image) || image.startsWith('/'))
    return size === 'small' ? imageNameOfSize(image, 'small') : image;
  return storedImageUrl(image, size);
}

const storedImageUrl = (bigName: string, size: ImageSize) =>
  `/api/images/${encodeURIComponent(imageNameOfSize(bigName, size))}`;

/**
 * The lead picture's `<img>` sources (the home slider, a topic's header): a stored image in every
 * size it is kept in, for the browser to pick the smallest that fills the slot; an image elsewhere
 * by its address alone. `sizes` says how wide the picture is drawn, its crop included.
 */
export function leadImageSources(
  image: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } | null {
  const src = postImageUrl(image, 'big');
  if (!src) return null;
  if (!(IMAGE_NAME_PATTERN.test(image) && image.endsWith('-big.webp'))) return { src };
  const srcSet = (['small', 'medium', 'big'] as const)
    .map((size) => `${storedImageUrl(image, size)} ${IMAGE_SIZES[size].width}w`)
    .join(', ');
  return { src, srcSet, sizes };
}
