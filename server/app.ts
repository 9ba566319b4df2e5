import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppServices } from './context.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import securityHeaders from './plugins/security-headers.js';
import { registerModules } from './modules/index.js';
import { redactUrl } from './lib/redact-url.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { OneLineRequestLog } from './lib/one-line-request-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

const WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url));

/** serveWeb false: API only. webRoot: the built SPA (dist/web by default). */
export type BuildOptions = {
  logger?: boolean | object; serveWeb?: boolean; webRoot?: string;
  /** How long a plugin may take to start: a test's app may wait for a CPU the browser suite holds (decision 088). */
  pluginTimeout?: number;
};

/** The one Fastify instance: main.ts serves it, tests inject into it. */
export async function buildApp(services: AppServices, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.pluginTimeout ? { pluginTimeout: options.pluginTimeout } : {}),
    trustProxy: fastifyTrustProxy(services.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Never log credentials: tokens ride in this header.
    ...(options.logger ? {
      logController: new OneLineRequestLog(),
      logger: {
        // A test's options (its stream) first: the level and the redaction are always ours.
        ...(typeof options.logger === 'object' ? options.logger : {}),
        level: services.config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie'],
        // Some URLs are keys (the calendar feed, emailed links): the log keeps the path without them.
        serializers: { req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
      },
    } : {}),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);

  // The student signup widget, the plan widgets (/widget/…) and the schools' self-registration
  // (issue 12) are made to sit in another website (an <iframe>): their pages, and no others, may be
  // framed by any site.
  await app.register(securityHeaders, { framed: ['/studentSignup/', '/widget/', '/signup/'] });
  // No cookie plugin: the session travels as a bearer token (docs/domains/conventions.md) and no
  // answer sets a cookie; @fastify/cookie's two hooks ran on every request for nothing (decision 065).
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cadenza API', version: '1.0.0', description: 'Every answer is { status, message, data }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(registerModules, { prefix: '/api' });

  const webRoot = options.webRoot ?? WEB_ROOT;
  const serveWeb = options.serveWeb !== false && existsSync(webRoot);
  const sendPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot, { maxAge: 0 });
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Built assets carry a content hash in their names: cache them for good.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static wildcard takes `/` as a folder and, with no index, refuses it (403): the root is
    // the app's first page, so it gets the page by a route of its own (issue 26).
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
  }
  // Unknown API calls answer the envelope; every other GET is a path of the SPA, which decides.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A missing file (an old asset after a deploy) is a 404, never the page in its place.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    if (!serveWeb || request.method !== 'GET' || path.startsWith('/api/') || isFile) {
      return reply.code(404).send({ status: 404, message: `No such call: ${request.method} ${path}`, data: null });
    }
    return sendPage(reply);
  });
  return app;
}
