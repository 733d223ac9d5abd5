import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, foreignKeyViolation } from './errors';
import { megabytes } from './files';
import { isCatalogueKey } from '../../i18n';

/** zod issue codes without a message of ours, mapped to catalogue keys. */
const ISSUE_KEYS: Record<string, string> = {
  invalid_type: 'validation.invalid_type',
  too_big: 'validation.too_long',
  too_small: 'validation.required',
  invalid_format: 'validation.wrong_format',
  invalid_value: 'validation.invalid_value',
  invalid_union: 'validation.invalid_value',
  unrecognized_keys: 'validation.unknown_field',
};

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'server.malformed_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'server.malformed_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'server.body_too_large'],
  FST_FILES_LIMIT: [413, 'server.body_too_large'],
  FST_FIELDS_LIMIT: [413, 'server.body_too_large'],
  FST_PARTS_LIMIT: [413, 'server.body_too_large'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'server.bad_multipart'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'server.unsupported_media'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'server.malformed_json'],
  FST_PROTO_VIOLATION: [400, 'server.malformed_json'],
};

const fieldName = (instancePath: string, context: string | undefined) => {
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return field || (context === 'body' ? '_body' : (context ?? '_'));
};

const translateFieldErrors = (request: FastifyRequest, errors: NonNullable<AppError['fieldErrors']>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((m) => (Array.isArray(m) ? request.t(m[0], m[1]) : request.t(m))),
    ]),
  );

/** The upload limit in megabytes, for the message. */
const fileLimit = (request: FastifyRequest) => ({ mb: megabytes(request.server.config.maxUploadBytes) });

/** Every failure leaves as `{message}` (and `errors` per field for 422), in the request's language. */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { message: request.t(error.messageKey, error.params) };
      if (error.fieldErrors) body.errors = translateFieldErrors(request, error.fieldErrors);
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id no record can have (core/fields pathId) is a record that does not exist.
      if (
        error.validationContext === 'params' &&
        error.validation.some((issue) => issue.message === 'server.not_found')
      ) {
        return reply.status(404).send({ message: request.t('server.not_found') });
      }
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key =
          issue.message && isCatalogueKey(issue.message)
            ? issue.message
            : (ISSUE_KEYS[issue.keyword] ?? 'validation.invalid_value');
        const name = fieldName(issue.instancePath, error.validationContext);
        const text = request.t(key);
        if (!(errors[name] ??= []).includes(text)) errors[name].push(text);
      }
      return reply.status(422).send({ message: request.t('server.invalid_input'), errors });
    }
    // a file over the upload limit is named as such, with the limit (not a 'request too large' the user cannot act on)
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.status(413).send({ message: request.t('server.file_too_large', fileLimit(request)) });
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: request.t(known[1]) });
    if (error.statusCode === 429) return reply.status(429).send({ message: request.t('server.too_many_requests') });
    if (error instanceof SyntaxError) return reply.status(400).send({ message: request.t('server.malformed_json') });
    // busboy's own errors (no boundary, a body cut short) carry no code:
    // an unreadable form is the sender's fault, not a 500.
    if (request.isMultipart() && /multipart|boundary/i.test(error.message ?? ''))
      return reply.status(400).send({ message: request.t('server.bad_multipart') });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: request.t('server.invalid_input') });
    }
    // a check a handler missed, or a record deleted meanwhile: the database refused, nothing was written
    const reference = foreignKeyViolation(error);
    if (reference) {
      request.log.warn({ err: error }, 'foreign key refused');
      return reply
        .status(reference === 'insert' ? 422 : 409)
        .send({ message: request.t(reference === 'insert' ? 'server.missing_reference' : 'server.still_referenced') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: request.t('server.internal') });
  });
});
