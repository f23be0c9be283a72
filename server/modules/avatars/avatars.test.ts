import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { avatarUrl } from './avatar-url';
import { renderAvatar } from './avatars.service';

it('draws the same face for the same user and a different one for another id or name', async () => {
  const a = await renderAvatar({ id: 1, username: 'דני' });
  expect(await renderAvatar({ id: 1, username: 'דני' })).toBe(a);
  expect(await renderAvatar({ id: 2, username: 'דני' })).not.toBe(a);
  expect(await renderAvatar({ id: 1, username: 'דנה' })).not.toBe(a);
});

describeEachDatabase('GET /api/avatars/:file', (ctx) => {
  it('serves the avatar of the URL in the user presenter as cacheable SVG with a strict policy', async () => {
    const { user } = await createUser(ctx.db, { username: 'אבטר' });
    const response = await apiClient(ctx.app).get(avatarUrl(user));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(await renderAvatar(user));
    expect(response.body).not.toMatch(/<script|javascript:|\son\w+=/i);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'svg', width: 128, height: 128 });
  });

  it('answers 404 for an unknown user or a malformed file name', async () => {
    for (const file of ['999999.svg', '0.svg', 'abc.svg', '1.png', '1', '-1.svg', '1.svg.svg']) {
      const response = await apiClient(ctx.app).get(`/api/avatars/${file}`);
      expect(response.statusCode, file).toBe(404);
      expect(response.json().error).toBe('user_not_found');
    }
  });
});
