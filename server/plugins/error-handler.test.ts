import { expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '../../shared/errors';
import { BODY_LIMIT_BYTES } from '../app';
import { describeEachDatabase } from '../test/databases';
import { createUser, type TestUser } from '../test/factories';
import { apiClient } from '../test/http';

/** The error handler's own answers come from the catalogue, like the services' answers. */
describeEachDatabase('error handler answers', (ctx) => {
  let user: TestUser;
  const expectAnswer = (response: { statusCode: number; json: () => unknown }, code: ErrorCode) => {
    expect(response.statusCode).toBe(ERRORS[code].status);
    expect(response.json()).toEqual({ error: code, message: ERRORS[code].message });
  };

  it('answers bad JSON, a wrong content type, a body too large and a missing xsrf header', async () => {
    user ??= await createUser(ctx.db);
    const client = apiClient(ctx.app);
    const options = { token: user.token };
    expectAnswer(await client.post('/api/topic', '{"subject": ', options), 'bad_json');
    expectAnswer(
      await client.post('/api/topic', 'subject=x', {
        ...options,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'unsupported_media_type',
    );
    expectAnswer(
      await client.post('/api/topic', `"${'א'.repeat(BODY_LIMIT_BYTES)}"`, options),
      'payload_too_large',
    );
    expectAnswer(await client.post('/api/topic', {}, { ...options, withoutXsrf: true }), 'xsrf');
  });

  it('answers an unknown API path with the catalogue not_found', async () => {
    expectAnswer(await apiClient(ctx.app).get('/api/no-such-call'), 'not_found');
  });
});
