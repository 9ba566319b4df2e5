import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type Check = 'ok' | 'down' | 'not configured';

/** For load balancers and operators: 200 when every configured dependency answers, else 503. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], security: [] } }, async (_req, reply) => {
    const { db, pingRedis } = app.services;
    const database: Check = await db.ping().then(() => 'ok' as const, () => 'down' as const);
    const redis: Check = pingRedis ? await pingRedis().then(() => 'ok' as const, () => 'down' as const) : 'not configured';
    const healthy = database === 'ok' && redis !== 'down';
    const status = healthy ? 200 : 503;
    return reply.code(status).send({
      status,
      message: healthy ? 'OK' : 'Unavailable',
      data: { database, databaseEngine: db.engine, redis },
    });
  });
};
