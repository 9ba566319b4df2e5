import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { z } from 'zod';
import {
  envelopeOf, type ParsedRequestOf, type ResponseData, type RouteContract,
} from '../../shared/contracts/route.js';
import { AppError } from './http-errors.js';

/**
 * Registers a route from its contract (decision 059): the guard from `meta.roles`, the request
 * schemas, the answer's envelope shown in the OpenAPI document, and the handler's return type
 * checked against the contract's response by TypeScript.
 */

/** An answer with a message (and a status) of its own; a bare value answers 'Success', 200. */
export class Answer<T> {
  constructor(readonly data: T, readonly message: string, readonly status: number) {}
}
export const answer = <T>(data: T, message: string, status = 200) => new Answer(data, message, status);

type RequestOf<C extends RouteContract> = FastifyRequest<{
  Body: ParsedRequestOf<C>['body'];
  Params: ParsedRequestOf<C>['params'];
  Querystring: ParsedRequestOf<C>['querystring'];
  Headers: ParsedRequestOf<C>['headers'];
}>;

export type ContractHandler<C extends RouteContract> = (
  req: RequestOf<C>,
  reply: FastifyReply,
) => Promise<ResponseData<C> | Answer<ResponseData<C>>> | ResponseData<C> | Answer<ResponseData<C>>;

function guardOf(app: FastifyInstance, roles: RouteContract['meta']['roles']): onRequestHookHandler | undefined {
  if (roles === 'public') return undefined;
  if (roles === 'optionalSession') return app.optionalAuth;
  if (roles === 'signedIn') return app.requireAuth();
  return app.requireAuth(...roles);
}

/**
 * The answer checked against the contract after it is serialized, so what is checked is what
 * leaves, and it leaves unchanged: a response schema never serializes (it would strip fields).
 */
function responseCheck(contract: RouteContract, mode: 'fail' | 'log'): onSendHookHandler {
  const envelope = envelopeOf(contract.response);
  return (request, reply, payload, done) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return done(null, payload);
    const sent: unknown = JSON.parse(payload);
    const result = envelope.safeParse(sent);
    // What the schema makes of the answer is the answer itself: no field it does not name (the
    // OpenAPI document says no other), no default or transform.
    if (result.success && isDeepStrictEqual(result.data, sent)) return done(null, payload);
    const problem = result.success ? `${firstDifference(sent, result.data)}: not as the contract describes it` : describe(result.error);
    const reason = `The answer of ${contract.method} /api${contract.path} does not match its contract: ${problem}`;
    if (mode === 'log') {
      request.log.error(reason);
      return done(null, payload);
    }
    done(new AppError(500, reason));
  };
}

const describe = (error: z.ZodError) =>
  error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');

/** The path of the first value that differs, e.g. `data.results.0.extra`. */
function firstDifference(sent: unknown, parsed: unknown, path = '(root)'): string {
  if (sent && parsed && typeof sent === 'object' && typeof parsed === 'object') {
    const keys = new Set([...Object.keys(sent), ...Object.keys(parsed)]);
    for (const key of keys) {
      const a = (sent as Record<string, unknown>)[key];
      const b = (parsed as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, path === '(root)' ? key : `${path}.${key}`);
    }
  }
  return path;
}

/** Sends the handler's value without a serializer of the response schema: the bytes of JSON.stringify, as without a schema. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export function contractRoute<const C extends RouteContract>(app: FastifyInstance, contract: C, handler: ContractHandler<C>): void {
  const { meta } = contract;
  const isPublic = meta.roles === 'public' || meta.roles === 'optionalSession';
  const guard = guardOf(app, meta.roles);
  const mode = app.services.config.responseCheck;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      tags: [...meta.tags],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      response: { '2xx': envelopeOf(contract.response) },
      ...(isPublic ? { security: [] } : {}),
      'x-roles': typeof meta.roles === 'string' ? meta.roles : [...meta.roles],
      'x-moves-money': meta.movesMoney ?? false,
      'x-lapsed-school': meta.lapsedSchool ?? 'closed',
    },
    serializerCompiler: plainJson,
    ...(guard ? { onRequest: guard } : {}),
    ...(mode === 'off' ? {} : { onSend: responseCheck(contract, mode) }),
    handler: async (req, reply) => {
      const result = await handler(req as RequestOf<C>, reply);
      const { data, message, status } = result instanceof Answer ? result : { data: result, message: 'Success', status: 200 };
      return reply.code(status).send({ status, message, data });
    },
  });
}
