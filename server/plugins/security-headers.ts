import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Helmet's own default: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

const helmetHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Mantine writes its CSS variables inline.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      // The push service worker (web/public/sw.js), from this origin; and Tone.js's clock, a
      // worker it makes from a blob of its own code (the ear trainer's and quizzes' sound, decision 084).
      workerSrc: ["'self'", 'blob:'],
      // A course lesson's video: YouTube's no-cookie player and Vimeo's (issue 13), nothing else.
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      // Served over plain HTTP on a LAN or localhost, an upgrade would break every asset.
      upgradeInsecureRequests: null,
    },
  },
  // Sent only over HTTPS, below.
  strictTransportSecurity: false,
});

/**
 * The headers helmet sets, in its order, asked of helmet once at start (decision 065): none of
 * its options above depends on the request (no directive is a function), so every answer gets the
 * same list, and one loop sets it where helmet ran its twelve middlewares on each request. Helmet
 * also removes X-Powered-By, which nothing has set when the first hook runs. Anything else it
 * did (a header removed, an error) fails the start, so a helmet upgrade cannot slip past it.
 */
export function helmetHeaderList(): ReadonlyArray<readonly [string, string]> {
  const list: [string, string][] = [];
  let failure: unknown = null;
  const recorder = {
    setHeader: (name: string, value: unknown) => list.push([name, String(value)]),
    removeHeader: (name: string) => {
      if (name.toLowerCase() !== 'x-powered-by') failure = new Error(`helmet removes ${name}: the fixed header list cannot say so`);
    },
  };
  let ended = false;
  helmetHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    ended = true;
    failure ??= error ?? null;
  });
  if (!ended) failure ??= new Error('helmet did not end synchronously: the fixed header list cannot hold its headers');
  if (failure) throw failure;
  return list;
}

export type SecurityHeadersOptions = {
  /** Path prefixes of the pages any site may frame (GET only): no X-Frame-Options, `frame-ancestors *`. */
  framed: readonly string[];
};

/**
 * Helmet's headers on every answer, set as the request comes in (on the raw response, as helmet
 * did: a route's own value of one of them still wins), and in one onSend hook the headers that
 * depend on the request (decision 018):
 * - HSTS only on an answer that came over HTTPS (directly, or from a trusted proxy that says so):
 *   sent over plain HTTP on a LAN it would pin browsers to an HTTPS the school may not have.
 * - API answers are never stored by a browser or a shared cache (they carry people's data), unless
 *   a route chose its own caching (the calendar feed). The web assets keep their own headers.
 * - The `framed` pages may sit in another site's <iframe>.
 */
export default fp<SecurityHeadersOptions>(async (app, { framed }) => {
  const fixed = helmetHeaderList();
  // The hook below asks about framing only off the API.
  if (framed.some((prefix) => prefix.startsWith('/api/'))) throw new Error('An API answer is never framed');
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < fixed.length; i += 1) raw.setHeader(fixed[i]![0], fixed[i]![1]);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (url.startsWith('/api/')) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else if (request.method === 'GET' && framed.some((prefix) => url.startsWith(prefix))) {
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
    }
    done(null, payload);
  });
});
