import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Helmet's own default: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers, worked out once at start: @fastify/helmet built its middleware (and parsed the
 * policy) anew on every request, a measurable share of a cheap API call (decision 026's bench).
 */
const helmetHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Mantine writes its CSS variables inline.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      // The push service worker (web/public/sw.js), from this origin only.
      workerSrc: ["'self'"],
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
 * Headers helmet cannot decide alone (decision 018):
 * - HSTS only on an answer that came over HTTPS (directly, or from a trusted proxy that says so):
 *   sent over plain HTTP on a LAN it would pin browsers to an HTTPS the school may not have.
 * - API answers are never stored by a browser or a shared cache (they carry people's data), unless
 *   a route chose its own caching (the calendar feed). The web assets keep their own headers.
 */
export default fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    helmetHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
