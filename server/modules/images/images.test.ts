import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/databases';
import { createUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { type ImageServer, startImageServer } from './image-server.fixture';
import { findImage } from './images.repository';
import { imageNameOfSize } from '../../../shared/image-sizes';
import { firstImageUrl, resolveTopicImage } from './topic-image.service';

/** The colour in the middle of a stored image: red for the test picture, anything else for a cover. */
async function centreColour(ctx: TestContext, name: string) {
  const row = await findImage(ctx.db, name);
  if (!row) throw new Error(`image ${name} not stored`);
  const { data, info } = await sharp(Buffer.from(row.data)).raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[offset] ?? 0, g: data[offset + 1] ?? 0, b: data[offset + 2] ?? 0 };
}

const isRed = (colour: { r: number; g: number; b: number }) =>
  colour.r > 200 && colour.g < 60 && colour.b < 60;

const imageHtml = (url: string) => `<p>תמונה: <img src="${url}" alt=""></p>`;

let server: ImageServer;
beforeAll(async () => {
  server = await startImageServer();
});
afterAll(async () => {
  await server.close();
});

it('finds the first http(s) image of a message', () => {
  expect(
    firstImageUrl('<p><img src="data:image/png;base64,AA"><img src="https://a.test/x.png?a=1&amp;b=2"></p>'),
  ).toBe('https://a.test/x.png?a=1&b=2');
  expect(firstImageUrl("<img alt='x' src='http://b.test/y.jpg'>")).toBe('http://b.test/y.jpg');
  expect(firstImageUrl('<p>no image</p>')).toBeNull();
});

describeEachDatabase(
  'topic images with private hosts allowed (test setting)',
  (ctx) => {
    it('downloads the first picture of the message and stores it big, medium and small as WebP', async () => {
      const name = await resolveTopicImage(ctx.app.deps, {
        subject: 'תמונה יפה',
        forumId: 1,
        contentHtml: imageHtml(server.url('/red.png')),
      });
      expect(name).toMatch(/^[0-9a-f]{24}-big\.webp$/);
      expect(isRed(await centreColour(ctx, name))).toBe(true);
      const big = await findImage(ctx.db, name);
      const small = await findImage(ctx.db, imageNameOfSize(name, 'small'));
      expect(big?.content_type).toBe('image/webp');
      expect(small?.content_type).toBe('image/webp');
      expect(await sharp(Buffer.from(big?.data ?? [])).metadata()).toMatchObject({
        format: 'webp',
        width: 1200,
        height: 630,
      });
      expect(await sharp(Buffer.from(small?.data ?? [])).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 210,
      });
      const medium = await findImage(ctx.db, imageNameOfSize(name, 'medium'));
      expect(await sharp(Buffer.from(medium?.data ?? [])).metadata()).toMatchObject({
        format: 'webp',
        width: 800,
        height: 420,
      });
      expect(isRed(await centreColour(ctx, imageNameOfSize(name, 'medium')))).toBe(true);
    });

    it('follows a redirect to the picture', async () => {
      const name = await resolveTopicImage(ctx.app.deps, {
        subject: 'הפניה',
        forumId: 2,
        contentHtml: imageHtml(server.url('/redirect')),
      });
      expect(isRed(await centreColour(ctx, name))).toBe(true);
    });

    it.each([
      ['something that is not an image', '/not-image'],
      ['an SVG (vector formats are not rendered from strangers)', '/image.svg'],
      ['a body over the size limit', '/huge-chunked'],
      ['a missing file', '/missing'],
      ['a redirect to a private address', '/redirect-private'],
    ])('falls back to a cover for %s', async (_label, path) => {
      const name = await resolveTopicImage(ctx.app.deps, {
        subject: 'גיבוי',
        forumId: 3,
        contentHtml: imageHtml(server.url(path)),
      });
      expect(isRed(await centreColour(ctx, name))).toBe(false);
      expect(await findImage(ctx.db, imageNameOfSize(name, 'small'))).toBeDefined();
    });

    it('falls back to a cover when the download times out', async () => {
      const name = await resolveTopicImage(
        ctx.app.deps,
        { subject: 'איטי', forumId: 3, contentHtml: imageHtml(server.url('/slow')) },
        { timeoutMs: 300 },
      );
      expect(isRed(await centreColour(ctx, name))).toBe(false);
    });

    it('gives the same picture the same name and stores it once', async () => {
      const input = { subject: 'שוב', forumId: 1, contentHtml: imageHtml(server.url('/red.png')) };
      const first = await resolveTopicImage(ctx.app.deps, input);
      const second = await resolveTopicImage(ctx.app.deps, input);
      expect(second).toBe(first);
    });
  },
  { config: { ALLOW_PRIVATE_IMAGE_HOSTS: 'true' } },
);

describeEachDatabase('topic images (production guard)', (ctx) => {
  it('refuses a picture on a loopback address and makes a cover instead, without connecting', async () => {
    const before = server.requests.length;
    const name = await resolveTopicImage(ctx.app.deps, {
      subject: 'כתובת פנימית',
      forumId: 1,
      contentHtml: imageHtml(server.url('/red.png')),
    });
    expect(server.requests.length).toBe(before);
    expect(isRed(await centreColour(ctx, name))).toBe(false);
  });

  it('makes a different cover for a different subject or forum', async () => {
    const a = await resolveTopicImage(ctx.app.deps, { subject: 'נושא אחד', forumId: 1, contentHtml: 'טקסט' });
    const b = await resolveTopicImage(ctx.app.deps, { subject: 'נושא אחר', forumId: 1, contentHtml: 'טקסט' });
    const c = await resolveTopicImage(ctx.app.deps, { subject: 'נושא אחד', forumId: 5, contentHtml: 'טקסט' });
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('serves a stored image as WebP with long immutable caching', async () => {
    const name = await resolveTopicImage(ctx.app.deps, { subject: 'הגשה', forumId: 2, contentHtml: '' });
    for (const file of [name, imageNameOfSize(name, 'small')]) {
      const response = await apiClient(ctx.app).get(`/api/images/${file}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('makes the medium size of an image stored before there was one on its first request, and keeps it', async () => {
    const name = await resolveTopicImage(ctx.app.deps, {
      subject: 'תמונה ותיקה',
      forumId: 3,
      contentHtml: '',
    });
    const mediumName = imageNameOfSize(name, 'medium');
    await ctx.db.deleteFrom('images').where('name', '=', mediumName).execute();
    for (const round of ['made', 'kept']) {
      const response = await apiClient(ctx.app).get(`/api/images/${mediumName}`);
      expect(response.statusCode, round).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 800,
        height: 420,
      });
      expect(await findImage(ctx.db, mediumName), round).toBeDefined();
    }
  });

  it('answers 404 for an unknown or malformed image name', async () => {
    const unknown = ['0123456789abcdef01234567-big.webp', '0123456789abcdef01234567-medium.webp'];
    for (const file of [...unknown, '..%2F..%2Fetc%2Fpasswd', 'x-big.png', 'x-medium.webp']) {
      const response = await apiClient(ctx.app).get(`/api/images/${file}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('image_not_found');
    }
  });

  it('refreshes a topic image for an admin only', async () => {
    const api = apiClient(ctx.app);
    const admin = await createUser(ctx.db, { admin: true });
    const user = await createUser(ctx.db);
    const created = await api.post(
      '/api/topic',
      { subject: 'רענון תמונה', message: '<p>בלי תמונה</p>', forumId: 4 },
      { token: user.token },
    );
    expect(created.statusCode).toBe(200);
    const topicId: number = created.json().post.id;
    const original: string = created.json().post.image;

    expect((await api.get(`/api/topic/image/${topicId}`)).statusCode).toBe(401);
    expect((await api.get(`/api/topic/image/${topicId}`, { token: user.token })).statusCode).toBe(403);
    expect((await api.get('/api/topic/image/999999', { token: admin.token })).statusCode).toBe(404);
    expect((await api.get('/api/topic/image/abc', { token: admin.token })).statusCode).toBe(400);

    await ctx.db.updateTable('topics').set({ subject: 'נושא ששונה' }).where('id', '=', topicId).execute();
    const refreshed = await api.get(`/api/topic/image/${topicId}`, { token: admin.token });
    expect(refreshed.statusCode).toBe(200);
    const { image } = refreshed.json();
    expect(image).toMatch(/-big\.webp$/);
    expect(image).not.toBe(original);
    const topic = await api.get(`/api/topic/${topicId}`);
    expect(topic.json().post.image).toBe(image);
    expect((await api.get(`/api/images/${image}`)).statusCode).toBe(200);
  });
});
