import { createHash } from 'node:crypto';
import type { Deps } from '../../deps';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { findForum } from '../forums/forums.repository';
import { BIG_SIZE, renderCover, SMALL_SIZE } from './cover-image';
import { insertImage } from './images.repository';
import { addressGuard, DEFAULT_FETCH_LIMITS, type SafeFetchOptions, safeFetch } from './safe-fetch';
import { loadSharp } from './sharp';

/** Decoding a small file into billions of pixels is refused (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The small image's name: the big one's with "small" in place of the final "big" (docs/product.md §3). */
export function smallImageName(bigName: string): string {
  return bigName.replace(/big(\.\w+)$/, 'small$1');
}

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

/** Both sizes as WebP, cropped to the cover's proportions around the most interesting region. */
async function encodeSizes(source: Buffer) {
  const sharp = await loadSharp();
  const decoded = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  const big = await decoded
    .clone()
    .resize(BIG_SIZE.width, BIG_SIZE.height, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
  const small = await sharp(big).resize(SMALL_SIZE.width, SMALL_SIZE.height).webp({ quality: 80 }).toBuffer();
  return { big, small };
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

/** Stores both sizes under names taken from the content, so the same picture is stored once. */
export async function storeImagePair(db: Kysely<Database>, source: Buffer, now: number): Promise<string> {
  const { big, small } = await encodeSizes(source);
  const stem = createHash('sha256').update(big).digest('hex').slice(0, 24);
  const bigName = `${stem}-big.webp`;
  await insertImage(db, { name: bigName, contentType: 'image/webp', data: big, createdAt: now });
  await insertImage(db, {
    name: smallImageName(bigName),
    contentType: 'image/webp',
    data: small,
    createdAt: now,
  });
  return bigName;
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
      return await storeImagePair(deps.db, await checkDownloadedImage(bytes), deps.clock.now());
    } catch (error) {
      deps.log.info(
        { url, reason: error instanceof Error ? error.message : String(error) },
        'topic image not used',
      );
    }
  }
  const cover = await coverImageSource(deps.db, input.subject, input.forumId);
  return storeImagePair(deps.db, cover, deps.clock.now());
}
