import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';
import { PROFILE_MESSAGES, PROFILE_ROUTES as R } from '../../../shared/contracts/profile.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { forbidden } from '../../lib/http-errors.js';
import { presentProfile } from './presenter.js';
import { changePassword, getProfile, updateProfile } from './service.js';

/** The signed-in user's own profile (in login-as, the impersonated user's). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.get, async (req) => presentProfile(await req.tx((tx) => getProfile(tx, req.actor!.id))));

  contractRoute(app, R.update, async (req) => {
    const user = await req.tx((tx) => updateProfile(tx, req.actor!.id, req.body));
    return answer(presentProfile(user), PROFILE_MESSAGES.updated);
  });

  contractRoute(app, R.changePassword, async (req) => {
    // Someone acting as another person never learns or sets that person's password.
    if (req.actor!.realUser) throw forbidden('You cannot change a password while acting as another user');
    await req.tx((tx) => changePassword(tx, req.actor!.id, req.actor!.sessionId!, req.body.currentPassword, req.body.newPassword));
    return answer(null, AUTH_MESSAGES.passwordChanged);
  });
};
