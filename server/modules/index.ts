import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { healthRoutes } from './health/routes.js';
import { memberRoutes } from './members/routes.js';
import { profileRoutes } from './profile/routes.js';
import { schoolRoutes } from './schools/routes.js';

/** Every module and its prefix under /api: the one list of what the API serves. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(profileRoutes, { prefix: '/profile' });
  await app.register(dashboardRoutes, { prefix: '/dashboard' });
  await app.register(memberRoutes, { prefix: '/member' });
  await app.register(schoolRoutes, { prefix: '/school/privateteacher' });
};
