import type { FastifyReply } from 'fastify';

/** Sends the envelope of docs/domains/conventions.md "API envelope and errors": the HTTP status is repeated in the body. */
export function ok<T>(reply: FastifyReply, data: T, message = 'Success', status = 200) {
  return reply.code(status).send({ status, message, data });
}
