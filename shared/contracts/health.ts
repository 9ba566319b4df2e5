import { z } from 'zod';
import { defineRoute } from './route.js';

/** For load balancers and operators: is the process up, are its database and Redis reachable. */
const check = z.enum(['ok', 'down', 'not configured']);

/** 200 'OK' when every configured dependency answers, else 503 'Unavailable' with the same data. */
export const healthAnswer = z.object({
  database: z.enum(['ok', 'down']),
  databaseEngine: z.enum(['pglite', 'postgres']),
  redis: check,
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

export const HEALTH_ROUTES = {
  check: defineRoute({ method: 'GET', path: '/health', response: healthAnswer, meta: { roles: 'public', tags: ['health'] } }),
};
