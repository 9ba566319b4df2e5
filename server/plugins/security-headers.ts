import fp from 'fastify-plugin';

/** Helmet's own default: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers helmet cannot decide alone (decision 018):
 * - HSTS only on an answer that came over HTTPS (directly, or from a trusted proxy that says so):
 *   sent over plain HTTP on a LAN it would pin browsers to an HTTPS the school may not have.
 * - API answers are never stored by a browser or a shared cache (they carry people's data), unless
 *   a route chose its own caching (the calendar feed). The web assets keep their own headers.
 */
export default fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
