import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line a request, written when it completes: method, path (redacted by the req
 * serializer), status and time. Fastify's default adds an "incoming request" line for each, which
 * buried the outbox's email lines that the README sends people to.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
