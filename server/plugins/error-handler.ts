import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorCode } from '../../shared/errors';
import { HttpError } from '../http-error';

/** The catalogue codes of the 4xx answers Fastify itself gives before a handler runs. */
const FRAMEWORK_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation',
};

const answer = (code: ErrorCode, message: string = ERRORS[code].message) => ({ error: code, message });

/**
 * One place that turns every failure into `{error, message}` from the catalogue of shared/errors.ts:
 * services' HttpErrors with their status, validation failures as 400 with the failed rule's Hebrew
 * message, and anything unexpected as a logged 500 that leaks no internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // The thrower chose the text: the catalogue's (apiError), a validation rule's, or a catalogue
      // template filled in (a suspension's end date), with any extra fields beside it.
      if ('retryAfterSeconds' in error) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ ...error.details, error: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const ruleMessage = first?.message && /[\u0590-\u05FF]/.test(first.message) ? first.message : undefined;
      return reply.status(400).send(answer('validation', ruleMessage));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(ERRORS[known].status).send(answer(known));
    if (error.statusCode === 429)
      return reply.status(429).header('retry-after', '60').send(answer('rate_limited'));
    if (error instanceof SyntaxError) return reply.status(400).send(answer('bad_json'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(answer('validation'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(answer('internal'));
  });
});
