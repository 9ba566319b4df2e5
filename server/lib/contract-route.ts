import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { z } from 'zod';
import { z as zod } from 'zod';
import {
  envelopeOf, isFileResponse, isRedirectResponse, type FileResponse, type ParsedRequestOf, type RedirectResponse,
  type ResponseData, type RouteContract,
} from '../../shared/contracts/route.js';
import { AppError } from './http-errors.js';
import { assertMayUseFamilyCards } from '../policies/family-cards.js';

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

/**
 * A file's handler sends the file itself (its content type one of the contract's), a redirect's
 * sends the redirect (`reply.redirect(url)`); any other returns the data.
 */
export type ContractHandler<C extends RouteContract> = C['response'] extends FileResponse | RedirectResponse
  ? (req: RequestOf<C>, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>
  : (req: RequestOf<C>, reply: FastifyReply) =>
    Promise<ResponseData<C> | Answer<ResponseData<C>>> | ResponseData<C> | Answer<ResponseData<C>>;

type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.ZodType<z.output<C['body']>, z.input<C['body']>> : never;

/**
 * What a route adds to its contract on the server: hooks after the guard (e.g. the store's
 * storeOpen), and `body`, the body's schema chosen at registration where it depends on a setting
 * (web-push's addFcmToken and `pushAllowInsecureEndpoints`): of the contract's body's types, so the
 * web's call and the handler are unchanged (decision 059).
 */
export type ContractRouteOptions<C extends RouteContract = RouteContract> = { onRequest?: onRequestHookHandler[]; body?: BodyOf<C> };

/**
 * A route whose contract says `usesFamilyCard` (decision 069): after the guard loaded the actor, a
 * login-as by staff is refused before the body is read, so nothing changes.
 */
const familyCardCheck: onRequestHookHandler = async (request) => {
  if (request.actor) assertMayUseFamilyCards(request.actor);
};

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
  const { response } = contract;
  if (isFileResponse(response)) return fileCheck(contract, response, mode);
  if (isRedirectResponse(response)) return redirectCheck(contract, mode);
  const envelope = envelopeOf(response);
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

/** A file's answer: one of the contract's content types. */
function fileCheck(contract: RouteContract, response: FileResponse, mode: 'fail' | 'log'): onSendHookHandler {
  return (request, reply, payload, done) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0]!.trim();
    if (response.file.includes(type)) return done(null, payload);
    const reason = `The answer of ${contract.method} /api${contract.path} does not match its contract: content type ${type || '(none)'}, not ${response.file.join(' or ')}`;
    if (mode === 'log') {
      request.log.error(reason);
      return done(null, payload);
    }
    done(new AppError(500, reason));
  };
}

/** A redirect's answer: a 302 with its Location (an error is answered as any other). */
function redirectCheck(contract: RouteContract, mode: 'fail' | 'log'): onSendHookHandler {
  return (request, reply, payload, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    const location = reply.getHeader('location');
    if (reply.statusCode === 302 && typeof location === 'string' && location !== '') return done(null, payload);
    const reason = `The answer of ${contract.method} /api${contract.path} does not match its contract: status ${reply.statusCode}, not a 302 with a Location`;
    if (mode === 'log') {
      request.log.error(reason);
      return done(null, payload);
    }
    done(new AppError(500, reason));
  };
}

/** The OpenAPI document's answer: the envelope, each content type of a file, or a redirect's 302 and its Location. */
function responseSchema(response: RouteContract['response']) {
  if (isRedirectResponse(response)) {
    const location = { type: 'string', format: 'uri-reference', description: 'Where the browser goes' };
    // type 'null': @fastify/swagger then shows no body (zod's null becomes a nullable string in OpenAPI 3.0).
    return { 302: zod.any().meta({ type: 'null', description: 'A redirect', headers: { Location: location } }) };
  }
  if (!isFileResponse(response)) return { '2xx': envelopeOf(response) };
  const content = Object.fromEntries(response.file.map((type) => [type, { schema: zod.string().meta({ format: 'binary' }) }]));
  return { '2xx': { description: 'A file', content } };
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

export function contractRoute<const C extends RouteContract>(
  app: FastifyInstance, contract: C, handler: ContractHandler<C>, options: ContractRouteOptions<C> = {},
): void {
  const { meta } = contract;
  const isPublic = meta.roles === 'public' || meta.roles === 'optionalSession';
  const hooks = [guardOf(app, meta.roles), meta.usesFamilyCard ? familyCardCheck : undefined, ...(options.onRequest ?? [])].filter((hook) => hook !== undefined);
  const mode = app.services.config.responseCheck;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      tags: [...meta.tags],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.body ? { body: options.body ?? contract.body } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      response: responseSchema(contract.response),
      ...(isPublic ? { security: [] } : {}),
      'x-roles': typeof meta.roles === 'string' ? meta.roles : [...meta.roles],
      'x-moves-money': meta.movesMoney ?? false,
      'x-uses-family-card': meta.usesFamilyCard ?? false,
      'x-lapsed-school': meta.lapsedSchool ?? 'closed',
    },
    // The session guard reads it (server/plugins/auth.ts): the route's own word, never its URL (decision 071).
    config: { lapsedSchool: meta.lapsedSchool ?? 'closed' },
    serializerCompiler: plainJson,
    ...(hooks.length > 0 ? { onRequest: hooks } : {}),
    ...(mode === 'off' ? {} : { onSend: responseCheck(contract, mode) }),
    handler: async (req, reply) => {
      if (isFileResponse(contract.response) || isRedirectResponse(contract.response)) return (handler as (req: RequestOf<C>, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>)(req as RequestOf<C>, reply);
      const result = await (handler as (req: RequestOf<C>, reply: FastifyReply) => unknown)(req as RequestOf<C>, reply);
      const { data, message, status } = result instanceof Answer ? result : { data: result, message: 'Success', status: 200 };
      return reply.code(status).send({ status, message, data });
    },
  });
}
