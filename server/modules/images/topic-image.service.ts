import { createHash } from 'node:crypto';
import type { Deps } from '../../deps';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { findForum } from '../forums/forums.repository';
import { IMAGE_SIZES, type ImageSize, imageNameOfSize } from '../../../shared/image-sizes';
import { renderCover } from './cover-image';
import { findImage, insertImage } from './images.repository';
import { addressGuard, DEFAULT_FETCH_LIMITS, type SafeFetchOptions, safeFetch } from './safe-fetch';
import { loadSharp } from './sharp';

/** Decoding a small file into billions of pixels is refused (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The first http(s) image source of a message's HTML, or null. */
export function firstImageUrl(html: string): string | null {
  const pattern = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  for (const match of html.matchAll(pattern)) {
    const src = decodeEntities((match[1] ?? match[2] ?? match[3] ?? '').trim());
    if (/^https?:\/\//i.test(src)) return src;
  }
  return null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every size as WebP, cropped to the cover's proportions around the most interesting region. */
async function encodeSizes(source: Buffer) {
  const sharp = await loadSharp();
  const decoded = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  const big = await decoded
    .clone()
    .resize(IMAGE_SIZES.big.width, IMAGE_SIZES.big.height, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
  return { big, medium: await scaledDown(big, 'medium'), small: await scaledDown(big, 'small') };
}

/** The big image scaled to a smaller size of the same proportions. */
async function scaledDown(big: Buffer, size: Exclude<ImageSize, 'big'>): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = IMAGE_SIZES[size];
  return sharp(big).resize(width, height).webp({ quality: 80 }).toBuffer();
}

/**
 * Formats a downloaded picture may have. Vector and document formats (SVG, PDF) are refused:
 * rendering them on the server would run a far larger parser on someone else's file.
 */
const DOWNLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/** The downloaded bytes when they are a raster picture of a sane size; throws otherwise. */
async function checkDownloadedImage(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (!metadata.format || !DOWNLOAD_FORMATS.has(metadata.format)) {
    throw new Error(`format ${metadata.format ?? 'unknown'} not accepted`);
  }
  if (!metadata.width || !metadata.height || metadata.width < 16 || metadata.height < 16) {
    throw new Error('image too small');
  }
  return bytes;
}

/**
 * Stores every size under names taken from the content, so the same picture is stored once;
 * returns the big one's name.
 */
export async function storeImageSizes(db: Kysely<Database>, source: Buffer, now: number): Promise<string> {
  const sizes = await encodeSizes(source);
  const stem = createHash('sha256').update(sizes.big).digest('hex').slice(0, 24);
  const bigName = `${stem}-big.webp`;
  for (const size of ['big', 'medium', 'small'] as const) {
    await insertImage(db, {
      name: imageNameOfSize(bigName, size),
      contentType: 'image/webp',
      data: sizes[size],
      createdAt: now,
    });
  }
  return bigName;
}

/**
 * The middle size of an image stored before there was one, made from its big size on the first
 * request and kept (names come from content, so whoever stores it first stores the same picture).
 * Undefined when there is no such big image.
 */
export async function missingMediumImage(db: Kysely<Database>, mediumName: string, now: number) {
  if (!mediumName.endsWith('-medium.webp')) return undefined;
  const bigName = `${mediumName.slice(0, -'medium.webp'.length)}big.webp`;
  const big = await findImage(db, bigName);
  if (!big) return undefined;
  const image = {
    name: mediumName,
    content_type: 'image/webp',
    data: await scaledDown(Buffer.from(big.data), 'medium'),
  };
  await insertImage(db, {
    name: image.name,
    contentType: image.content_type,
    data: image.data,
    createdAt: now,
  });
  return image;
}

/** A cover made from the subject and the forum, for topics without a usable picture. */
export async function coverImageSource(db: Kysely<Database>, subject: string, forumId: number) {
  const forum = await findForum(db, forumId);
  return renderCover({ subject, forumId, forumIcon: forum?.icon ?? '💬' });
}

/**
 * Makes a topic's image and returns the name of the stored big size. The first http(s) image of
 * the main message is downloaded once, through the forgery guard; when there is none, or it cannot
 * be fetched or decoded, a cover is generated from the subject and the forum. Never throws for a
 * bad picture: every topic gets an image.
 */
export async function resolveTopicImage(
  deps: Deps,
  input: { subject: string; forumId: number; contentHtml: string },
  limits: Partial<SafeFetchOptions> = {},
): Promise<string> {
  const url = firstImageUrl(input.contentHtml);
  if (url) {
    try {
      const bytes = await safeFetch(url, {
        ...DEFAULT_FETCH_LIMITS,
        allowAddress: addressGuard(deps.config.allowPrivateImageHosts),
        ...limits,
      });
      return await storeImageSizes(deps.db, await checkDownloadedImage(bytes), deps.clock.now());
    } catch (error) {
      deps.log.info(
        { url, reason: error instanceof Error ? error.message : String(error) },
        'topic image not used',
      );
    }
  }
  const cover = await coverImageSource(deps.db, input.subject, input.forumId);
  return storeImageSizes(deps.db, cover, deps.clock.now());
}
