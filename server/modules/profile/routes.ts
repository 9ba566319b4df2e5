import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, changePasswordBody } from '../../../shared/contracts/auth.js';
import { PROFILE_MESSAGES, profileBody } from '../../../shared/contracts/profile.js';
import { ok } from '../../lib/envelope.js';
import { forbidden } from '../../lib/http-errors.js';
import { presentProfile } from './presenter.js';
import { changePassword, getProfile, updateProfile } from './service.js';

const tags = ['profile'];

/** The signed-in user's own profile (in login-as, the impersonated user's). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.get('/getProfile', { schema: { tags } }, async (req, reply) => {
    return ok(reply, presentProfile(await req.tx((tx) => getProfile(tx, req.actor!.id))));
  });

  app.post('/updateProfile', { schema: { tags, body: profileBody } }, async (req, reply) => {
    const user = await req.tx((tx) => updateProfile(tx, req.actor!.id, req.body));
    return ok(reply, presentProfile(user), PROFILE_MESSAGES.updated);
  });

  app.post('/changePassword', { schema: { tags, body: changePasswordBody } }, async (req, reply) => {
    // Someone acting as another person never learns or sets that person's password.
    if (req.actor!.realUser) throw forbidden('You cannot change a password while acting as another user');
    await req.tx((tx) => changePassword(tx, req.actor!.id, req.actor!.sessionId!, req.body.currentPassword, req.body.newPassword));
    return ok(reply, null, AUTH_MESSAGES.passwordChanged);
  });
};
