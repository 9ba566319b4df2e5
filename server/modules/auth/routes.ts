import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES, checkValidationBody, forgotPasswordBody, loginAsBody, loginAsCandidatesBody, loginBody,
  acceptInvitationBody, invitationBody, resendVerifyBody, resetPasswordBody, verifyAccountParams,
} from '../../../shared/contracts/auth.js';
import { ok } from '../../lib/envelope.js';
import { ROLES_THAT_MAY_ACT } from '../../policies/auth.js';
import { presentSessionUser } from './presenter.js';
import { checkLookupAllowed } from './login-throttle.js';
import { acceptInvitation, readInvitation } from './invitations.js';
import {
  isValueAvailable, listLoginAsCandidates, loginUser, logoutSession, requestPasswordReset, resetPassword,
  sendVerification, startLoginAs, verifyAccount,
} from './service.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;

  app.post('/local/login', { schema: { tags, body: loginBody, security: [] } }, async (req, reply) => {
    return ok(reply, await loginUser(s, req.body, req.ip), AUTH_MESSAGES.loginSuccess);
  });

  app.get('/logout', { schema: { tags }, onRequest: app.requireAuth() }, async (req, reply) => {
    await logoutSession(s, req.actor!);
    return ok(reply, null, AUTH_MESSAGES.logoutSuccess);
  });

  app.get('/me', { schema: { tags }, onRequest: app.requireAuth() }, async (req, reply) => {
    const { user, realUser } = req.actor!;
    return ok(reply, { user: presentSessionUser(user), actor: realUser && presentSessionUser(realUser) });
  });

  app.post('/local/loginas', { schema: { tags, body: loginAsBody }, onRequest: app.requireAuth(...ROLES_THAT_MAY_ACT) }, async (req, reply) => {
    return ok(reply, await startLoginAs(s, req.actor!, req.body.userId), AUTH_MESSAGES.loginAsStarted);
  });

  app.post('/loginAsCandidates', { schema: { tags, body: loginAsCandidatesBody }, onRequest: app.requireAuth(...ROLES_THAT_MAY_ACT) }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listLoginAsCandidates(tx, req.actor!, req.body)));
  });

  app.post('/forgetPassword', { schema: { tags, body: forgotPasswordBody, security: [] } }, async (req, reply) => {
    await requestPasswordReset(s, req.body.username, req.ip);
    return ok(reply, null, AUTH_MESSAGES.forgotSent);
  });

  app.post('/resetPassword', { schema: { tags, body: resetPasswordBody, security: [] } }, async (req, reply) => {
    await resetPassword(s, req.body.id, req.body.newPassword);
    return ok(reply, null, AUTH_MESSAGES.resetSuccess);
  });

  app.post('/invitation', { schema: { tags, body: invitationBody, security: [] } }, async (req, reply) => {
    return ok(reply, await readInvitation(s, req.body.id));
  });

  app.post('/acceptInvitation', { schema: { tags, body: acceptInvitationBody, security: [] } }, async (req, reply) => {
    return ok(reply, await acceptInvitation(s, req.body.id, req.body.newPassword), AUTH_MESSAGES.invitationAccepted);
  });

  app.post('/checkvalidation', { schema: { tags, body: checkValidationBody, security: [] }, onRequest: app.optionalAuth }, async (req, reply) => {
    await checkLookupAllowed(s.rateLimits, req.ip);
    const available = await isValueAvailable(s, req.actor, req.body.type, req.body.value);
    const label = req.body.type === 'username' ? 'Username' : 'Email';
    return ok(reply, { available }, available ? `${label} is available` : `${label} already exists`);
  });

  app.post('/reSendVerifyAccount', { schema: { tags, body: resendVerifyBody }, onRequest: app.requireAuth() }, async (req, reply) => {
    await sendVerification(s, req.actor!, req.body.userId);
    return ok(reply, null, AUTH_MESSAGES.verifySent);
  });

  // The link in the verification email: a plain GET that lands the person on the sign-in page.
  app.get('/verifyAccount/:token', { schema: { tags, params: verifyAccountParams, security: [] } }, async (req, reply) => {
    const verified = await verifyAccount(s, req.params.token);
    return reply.redirect(`/login?verified=${verified ? '1' : '0'}`);
  });
};
