import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_ERROR_MESSAGE, HttpError } from '../http-error';

/** Hebrew messages for the 4xx answers Fastify itself gives before a handler runs. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: 'הבקשה גדולה מדי' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'סוג התוכן אינו נתמך',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'גוף הבקשה ריק' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'גוף הבקשה אינו JSON תקין' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_request', message: 'הבקשה אינה תקינה' },
};

/**
 * One place that turns every failure into `{error, message}`: services' HttpErrors with their
 * status, validation failures as 400 with the first Hebrew message, and anything unexpected as a
 * logged 500 that leaks no internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if ('retryAfterSeconds' in error) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ error: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message =
        first?.message && /[\u0590-\u05FF]/.test(first.message)
          ? first.message
          : 'הנתונים שנשלחו אינם תקינים';
      return reply.status(400).send({ error: 'validation', message });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.code, message: known.message });
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .header('retry-after', '60')
        .send({ error: 'rate_limited', message: 'נשלחו יותר מדי בקשות, נסו שוב בעוד מספר דקות' });
    }
    if (
      error instanceof SyntaxError ||
      (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    ) {
      return reply
        .status(error.statusCode ?? 400)
        .send({ error: 'invalid_request', message: 'הבקשה אינה תקינה' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: 'internal', message: GENERIC_ERROR_MESSAGE });
  });
});
