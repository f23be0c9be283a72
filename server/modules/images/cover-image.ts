import { readFile } from 'node:fs/promises';
import type { OverlayOptions } from 'sharp';
import { loadSharp } from './sharp';
import { twemojiFileForEmoji } from '../../twemoji';

export const BIG_SIZE = { width: 1200, height: 630 } as const;
export const SMALL_SIZE = { width: 400, height: 210 } as const;

/** Two-colour gradients, one per forum (by id), chosen to carry white text at good contrast. */
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

/**
 * Pango picks the first family that exists and falls back per script, so a machine with any
 * Hebrew-capable font renders the subject; one with none gets a cover without text (see below).
 */
const FONT_FAMILIES = 'Noto Sans Hebrew, Noto Sans, DejaVu Sans, Arimo, Liberation Sans, sans-serif';

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

let hebrewTextSupport: Promise<boolean> | undefined;

/**
 * Whether this machine has a font that draws Hebrew. Without one every letter becomes the same
 * missing-glyph box, so two different letters render to identical pixels.
 */
export function canRenderHebrewText(): Promise<boolean> {
  hebrewTextSupport ??= (async () => {
    try {
      const sharp = await loadSharp();
      const render = (letter: string) =>
        sharp({ text: { text: letter, font: `${FONT_FAMILIES} Bold 40`, rgba: true } })
          .raw()
          .toBuffer();
      const [alef, shin] = await Promise.all([render('א'), render('ש')]);
      return !alef.equals(shin);
    } catch {
      return false;
    }
  })();
  return hebrewTextSupport;
}

async function renderText(
  markup: string,
  options: { size: number; width: number; color: string; bold: boolean },
): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    const weight = options.bold ? ' Bold' : '';
    return await sharp({
      text: {
        text: `<span foreground="${options.color}">${markup}</span>`,
        font: `${FONT_FAMILIES}${weight} ${options.size}`,
        // No height: with one, libvips grows the type to fill the box instead of keeping the size.
        width: options.width,
        // Pango flips the alignment for a right-to-left paragraph, so "left" sets Hebrew flush right.
        align: 'left',
        wrap: 'word-char',
        rgba: true,
        spacing: Math.round(options.size * 0.25),
      },
    })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The subject in large type with the forum's name under it, set flush right and centred vertically. */
async function coverText(subjectText: string, forumName: string): Promise<OverlayOptions[]> {
  const textWidth = 560;
  const right = 1060;
  const gap = 36;
  const subject = await renderText(escapeMarkup(subjectText.trim() || forumName), {
    size: 60,
    width: textWidth,
    color: '#ffffff',
    bold: true,
  });
  const forum = forumName
    ? await renderText(escapeMarkup(forumName), {
        size: 30,
        width: textWidth,
        color: '#ffffffcc',
        bold: false,
      })
    : null;
  const subjectLayer = subject && (await fitWithin(subject, textWidth, 400));
  if (!subjectLayer) return [];
  const forumLayer = forum && (await fitWithin(forum, textWidth, 80));
  const forumHeight = forumLayer ? forumLayer.height + gap : 0;
  const top = Math.max(40, Math.round((BIG_SIZE.height - subjectLayer.height - forumHeight) / 2));
  const layers: OverlayOptions[] = [{ input: subjectLayer.data, left: right - subjectLayer.width, top }];
  if (forumLayer) {
    layers.push({
      input: forumLayer.data,
      left: right - forumLayer.width,
      top: top + subjectLayer.height + gap,
    });
  }
  return layers;
}

/** Shrinks a rendered text layer that came out larger than its box (a very long unbroken word). */
async function fitWithin(image: Buffer, maxWidth: number, maxHeight: number) {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image)
    .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A cover for a topic without a usable picture: the forum's gradient and emoji, the subject set
 * right to left in large type and the forum's name under it. Returns the big size as PNG.
 */
export async function renderCover(input: {
  subject: string;
  forumName: string;
  forumIcon: string;
  forumId: number;
}): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = BIG_SIZE;
  const [from, to] = forumPalette(input.forumId);
  const textLayers = (await canRenderHebrewText()) ? await coverText(input.subject, input.forumName) : [];
  // Without text the emoji moves to the middle, so the cover still looks composed.
  const iconLeft = textLayers.length > 0 ? 100 : 450;
  const iconCentre = iconLeft + 150;
  const accent =
    textLayers.length > 0
      ? '<rect x="1100" y="120" width="12" height="390" rx="6" fill="#ffffff" fill-opacity="0.55"/>'
      : '';
  const background = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="g" x1="1" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${iconCentre}" cy="315" r="230" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="60" cy="600" r="160" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="1150" cy="40" r="120" fill="#000000" fill-opacity="0.08"/>
  ${accent}
</svg>`);

  const layers: OverlayOptions[] = [...textLayers];
  const iconFile = twemojiFileForEmoji(input.forumIcon);
  if (iconFile) {
    const icon = await sharp(await readFile(iconFile), { density: 600 })
      .resize(300, 300)
      .png()
      .toBuffer();
    layers.push({ input: icon, left: iconLeft, top: 165 });
  }

  return sharp(background).composite(layers).png().toBuffer();
}
