import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  changeBirthdateBody,
  changeEmailBody,
  changePasswordBody,
  forgotPasswordBody,
  linkBody,
  loginBody,
  okResponse,
  registerBody,
  resetPasswordBody,
  userResponse,
} from '../../../shared/schemas/accounts';
import { errorBody } from '../../../shared/schemas/common';
import { bearerToken, requireUser } from '../../plugins/auth';
import { apiError } from '../../http-error';
import { type PeriodicTask, startPeriodicTask } from '../../periodic-task';
import { verifyCaptcha } from '../captcha/captcha.service';
import { enforceActionLimits } from '../rate-limit/rate-limit.service';
import { presentOwnUser } from './accounts.presenter';
import * as accounts from './accounts.service';
import { prepareVerificationTiming } from './password';
import { PENDING_MAIL_POLL_MS, retryPendingMails } from './pending-mails';

const errors = {
  400: errorBody,
  401: errorBody,
  405: errorBody,
  406: errorBody,
  409: errorBody,
  412: errorBody,
  428: errorBody,
  429: errorBody,
};
const ok = { ok: true } as const;
const tags = ['accounts'];

/**
 * The account calls of docs/product.md §7. Order inside each public call: rate limits (cheap, and they must
 * count failed attempts too), then the captcha, then the work.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  schedulePendingMails(app);
  app.addHook('onReady', prepareVerificationTiming);

  app.post(
    '/register',
    { schema: { tags, body: registerBody, response: { 201: okResponse, ...errors } } },
    async (request, reply) => {
      await enforceActionLimits(app, request, 'register', request.body.email);
      await verifyCaptcha(app.deps, request.body.captcha);
      await accounts.register(app.deps, request.body);
      return reply.status(201).send(ok);
    },
  );

  app.post(
    '/user/activate',
    { schema: { tags, body: linkBody, response: { 200: authResponse, ...errors } } },
    async (request) => accounts.activate(app.deps, request.body.encryptedData),
  );

  app.post(
    '/login',
    { schema: { tags, body: loginBody, response: { 200: authResponse, ...errors } } },
    async (request) => {
      await enforceActionLimits(app, request, 'login', request.body.email);
      await verifyCaptcha(app.deps, request.body.captcha);
      return accounts.login(app.deps, request.body.email, request.body.password);
    },
  );

  app.get(
    '/validate-token',
    { schema: { tags, response: { 200: userResponse, 401: errorBody } } },
    async (request) => ({ user: presentOwnUser(requireUser(request)) }),
  );

  app.post('/logout', { schema: { tags, response: { 200: okResponse } } }, async (request) => {
    await accounts.logout(app.deps, bearerToken(request));
    return ok;
  });

  app.post(
    '/forgot-password',
    { schema: { tags, body: forgotPasswordBody, response: { 200: okResponse, ...errors, 503: errorBody } } },
    async (request) => {
      await enforceActionLimits(app, request, 'forgotPassword', request.body.email);
      await verifyCaptcha(app.deps, request.body.captcha);
      await accounts.forgotPassword(app.deps, request.body.email);
      return ok;
    },
  );

  app.post(
    '/forgot-password/validate',
    { schema: { tags, body: linkBody, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await accounts.validateResetLink(app.deps, request.body.encryptedData);
      return ok;
    },
  );

  app.put(
    '/edit-profile/forgot-password',
    { schema: { tags, body: resetPasswordBody, response: { 200: okResponse, ...errors } } },
    async (request) => {
      await verifyCaptcha(app.deps, request.body.captcha);
      await accounts.resetPassword(app.deps, request.body.token, request.body.password);
      return ok;
    },
  );

  app.put(
    '/edit-profile/password',
    { schema: { tags, body: changePasswordBody, response: { 200: okResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const token = bearerToken(request);
      if (!token) throw apiError('unauthorized');
      await accounts.changePassword(app.deps, user, request.body.password, token);
      return ok;
    },
  );

  app.put(
    '/edit-profile/email',
    { schema: { tags, body: changeEmailBody, response: { 200: authResponse, ...errors } } },
    async (request) => accounts.changeEmail(app.deps, requireUser(request), request.body.email),
  );

  app.put(
    '/edit-profile/birthdate',
    { schema: { tags, body: changeBirthdateBody, response: { 200: userResponse, ...errors } } },
    async (request) => ({
      user: await accounts.changeBirthdate(app.deps, requireUser(request), request.body.birthdate),
    }),
  );
};

/** Starts the retries with the server and stops them with it, after the retry in flight. */
function schedulePendingMails(app: FastifyInstance): void {
  let retries: PeriodicTask | undefined;
  app.addHook('onReady', async () => {
    retries = startPeriodicTask(
      () => retryPendingMails(app.deps),
      PENDING_MAIL_POLL_MS,
      (error) => app.log.error({ err: error }, 'pending mail retry failed'),
    );
  });
  app.addHook('onClose', async () => retries?.stop());
}
