import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/http-errors.js';
import { loggableError } from '../db/loggable-error.js';

/**
 * Turns every failure into the envelope. Validation failures name each field with the schema's
 * message (the same message the form shows); a 500 never shows internals.
 */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const message = Object.values(errors)[0] ?? 'Invalid request';
      return reply.code(400).send({ status: 400, message, data: null, errors });
    }
    if (error instanceof AppError) {
      return reply.code(error.status).send({ status: error.status, message: error.message, data: null, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message;
      return reply.code(status).send({ status, message, data: null });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.code(500).send({ status: 500, message: 'Something went wrong', data: null });
  });
});
