import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { OverlayOptions } from 'sharp';
import { twemojiFileForEmoji } from '../../twemoji';
import { loadSharp } from './sharp';

import { IMAGE_SIZES } from '../../../shared/image-sizes';

export const BIG_SIZE = IMAGE_SIZES.big;

/** Two-colour gradients, one per forum (by id), dark enough for the white pattern and the icon. */
const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#1e3a8a', '#2563eb'],
  ['#7c2d12', '#c2410c'],
  ['#134e4a', '#0f766e'],
  ['#4c1d95', '#7c3aed'],
  ['#831843', '#be185d'],
  ['#1f2937', '#4b5563'],
  ['#14532d', '#15803d'],
  ['#78350f', '#b45309'],
  ['#164e63', '#0e7490'],
  ['#312e81', '#4f46e5'],
];

export function forumPalette(forumId: number): readonly [string, string] {
  const index = (((forumId - 1) % PALETTES.length) + PALETTES.length) % PALETTES.length;
  return PALETTES[index] ?? ['#1e3a8a', '#2563eb'];
}

/** Bytes that follow from a text, the same on every machine: the cover's pattern for a subject. */
function seedBytes(text: string): Buffer {
  return createHash('sha256').update(text.normalize('NFC')).digest();
}

/**
 * Soft circles placed by the subject's seed, so each topic's cover is its own (and a refresh after
 * a subject edit gives a new one), without writing the subject on it.
 */
function subjectPattern(subject: string): string {
  const bytes = seedBytes(subject);
  const byte = (index: number) => bytes[index % bytes.length] ?? 0;
  const circles: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    const base = index * 5;
    const cx = Math.round((byte(base) / 255) * BIG_SIZE.width);
    const cy = Math.round((byte(base + 1) / 255) * BIG_SIZE.height);
    const r = 50 + Math.round((byte(base + 2) / 255) * 190);
    const fill = byte(base + 3) % 3 === 0 ? '#000000' : '#ffffff';
    const opacity = (0.04 + (byte(base + 4) / 255) * 0.1).toFixed(3);
    circles.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" fill-opacity="${opacity}"/>`);
  }
  return circles.join('\n  ');
}

/**
 * A cover for a topic without a usable picture: the forum's gradient, a pattern drawn from the
 * subject and the forum's emoji in the middle. No text: the pages show the subject as the heading
 * right beside the cover, and lists crop the small size, so written words would appear twice or as
 * clipped fragments; a centred icon reads whole at every size and crop. Returns the big size as PNG.
 */
export async function renderCover(input: {
  subject: string;
  forumIcon: string;
  forumId: number;
}): Promise<Buffer> {
  const { width, height } = BIG_SIZE;
  const [from, to] = forumPalette(input.forumId);
  const iconSize = 300;
  const background = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="g" x1="1" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  ${subjectPattern(input.subject)}
  <circle cx="${width / 2}" cy="${height / 2}" r="220" fill="#ffffff" fill-opacity="0.12"/>
</svg>`);

  const sharp = await loadSharp();
  const layers: OverlayOptions[] = [];
  const iconFile = twemojiFileForEmoji(input.forumIcon);
  if (iconFile) {
    const icon = await sharp(await readFile(iconFile), { density: 600 })
      .resize(iconSize, iconSize)
      .png()
      .toBuffer();
    layers.push({ input: icon, left: (width - iconSize) / 2, top: (height - iconSize) / 2 });
  }

  return sharp(background).composite(layers).png().toBuffer();
}
