import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_ROUTES as R } from '../../../shared/contracts/health.js';
import { answer, contractRoute } from '../../lib/contract-route.js';

/** For load balancers and operators: 200 when every configured dependency answers, else 503. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.check, async () => {
    const { db, pingRedis } = app.services;
    const database = await db.ping().then(() => 'ok' as const, () => 'down' as const);
    const redis = pingRedis ? await pingRedis().then(() => 'ok' as const, () => 'down' as const) : 'not configured' as const;
    const healthy = database === 'ok' && redis !== 'down';
    return answer({ database, databaseEngine: db.engine, redis }, healthy ? 'OK' : 'Unavailable', healthy ? 200 : 503);
  });
};
