import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { findImage } from './images.repository';
import { firstImageUrl, resolveTopicImage, smallImageName } from './topic-image.service';

describeEachDatabase('resolveTopicImage without a picture', (ctx) => {
  it('stores a generated cover in both sizes as WebP', async () => {
    const name = await resolveTopicImage(ctx.app, { subject: 'שלום עולם', forumId: 1, contentHtml: 'טקסט' });
    expect(name).toMatch(/^[0-9a-f]{24}-big\.webp$/);
    const big = await findImage(ctx.db, name);
    const small = await findImage(ctx.db, smallImageName(name));
    expect(big?.content_type).toBe('image/webp');
    expect(await sharp(Buffer.from(big?.data ?? [])).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(await sharp(Buffer.from(small?.data ?? [])).metadata()).toMatchObject({ width: 400, height: 210 });
  });
});

it('finds the first http(s) image of a message', () => {
  expect(
    firstImageUrl('<p><img src="data:image/png;base64,AA"><img src="https://a.test/x.png?a=1&amp;b=2"></p>'),
  ).toBe('https://a.test/x.png?a=1&b=2');
  expect(firstImageUrl('<p>no image</p>')).toBeNull();
});
