/**
 * The sizes a stored topic image is kept in, all cropped alike (docs/product.md §3: big, and small
 * for lists). The middle size is for the lead picture on a phone (the home slider and a topic's
 * header), where the big one is about twice the pixels the slot shows.
 */
export const IMAGE_SIZES = {
  big: { width: 1200, height: 630 },
  medium: { width: 800, height: 420 },
  small: { width: 400, height: 210 },
} as const;

export type ImageSize = keyof typeof IMAGE_SIZES;

/** A stored image's file name: content hash, size, extension. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{24}-(big|medium|small)\.webp$/;

/** A stored big image's name with another size in place of the final "big". */
export function imageNameOfSize(bigName: string, size: ImageSize): string {
  return bigName.replace(/big(\.[a-z0-9]+)?$/i, `${size}$1`);
}
