import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { BIG_SIZE, forumPalette, renderCover } from './cover-image';

const cover = { subject: 'מה דעתכם על הסדרה החדשה?', forumIcon: '🎬', forumId: 6 };

it('renders a cover at the big size', async () => {
  const png = await renderCover(cover);
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', ...BIG_SIZE });
});

const stats = async (input: typeof cover) => (await sharp(await renderCover(input)).stats()).channels;

it('gives each forum its own colours', async () => {
  expect(forumPalette(1)).not.toEqual(forumPalette(2));
  expect(await stats({ ...cover, forumId: 1 })).not.toEqual(await stats({ ...cover, forumId: 2 }));
});

it('draws each subject its own pattern, the same every time', async () => {
  const other = await stats({ ...cover, subject: 'נושא אחר לגמרי' });
  expect(other).not.toEqual(await stats(cover));
  expect(await stats(cover)).toEqual(await stats(cover));
});

// The pages show the subject as the heading beside the cover and lists crop the small size, so the
// cover carries no text: it comes out the same on a machine with fonts and on one with none.
it('writes no text: the same cover on a machine with no fonts', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'forum-nofonts-'));
  const config = path.join(dir, 'fonts.conf');
  writeFileSync(config, `<?xml version="1.0"?><fontconfig><cachedir>${dir}</cachedir></fontconfig>`);
  const script = `
      const { renderCover } = await import(${JSON.stringify(path.resolve('server/modules/images/cover-image.ts'))});
      const sharp = (await import('sharp')).default;
      const png = await renderCover(${JSON.stringify(cover)});
      const { width, height } = await sharp(png).metadata();
      const { channels } = await sharp(png).stats();
      console.log(JSON.stringify({ width, height, channels }));
    `;
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env: { PATH: process.env.PATH ?? '', FONTCONFIG_FILE: config }, cwd: process.cwd() },
      (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)),
    );
  });
  expect(JSON.parse(output.trim().split('\n').at(-1) ?? '{}')).toEqual({
    ...BIG_SIZE,
    channels: await stats(cover),
  });
});
