import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES as M, AUTH_ROUTES as R } from '../../../shared/contracts/auth.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { presentSessionUser } from './presenter.js';
import { checkLookupAllowed } from './login-throttle.js';
import { acceptInvitation, readInvitation } from './invitations.js';
import {
  isValueAvailable, listLoginAsCandidates, loginUser, logoutSession, requestPasswordReset, resetPassword,
  sendVerification, startLoginAs, verifyAccount,
} from './service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;

  contractRoute(app, R.login, async (req) => answer(await loginUser(s, req.body, req.ip), M.loginSuccess));

  contractRoute(app, R.logout, async (req) => {
    await logoutSession(s, req.actor!);
    return answer(null, M.logoutSuccess);
  });

  contractRoute(app, R.me, (req) => {
    const { user, realUser } = req.actor!;
    return { user: presentSessionUser(user, realUser), actor: realUser && presentSessionUser(realUser) };
  });

  contractRoute(app, R.loginAs, async (req) => answer(await startLoginAs(s, req.actor!, req.body.userId), M.loginAsStarted));

  contractRoute(app, R.loginAsCandidates, (req) => req.tx((tx) => listLoginAsCandidates(tx, req.actor!, req.body)));

  contractRoute(app, R.forgotPassword, async (req) => {
    await requestPasswordReset(s, req.body.username, req.ip);
    return answer(null, M.forgotSent);
  });

  contractRoute(app, R.resetPassword, async (req) => {
    await resetPassword(s, req.body.id, req.body.newPassword);
    return answer(null, M.resetSuccess);
  });

  contractRoute(app, R.invitation, (req) => readInvitation(s, req.body.id));

  contractRoute(app, R.acceptInvitation, async (req) => answer(await acceptInvitation(s, req.body.id, req.body.newPassword), M.invitationAccepted));

  contractRoute(app, R.checkValidation, async (req) => {
    await checkLookupAllowed(s.rateLimits, req.ip);
    const available = await isValueAvailable(s, req.actor, req.body.type, req.body.value);
    const label = req.body.type === 'username' ? 'Username' : 'Email';
    return answer({ available }, available ? `${label} is available` : `${label} already exists`);
  });

  contractRoute(app, R.resendVerification, async (req) => {
    await sendVerification(s, req.actor!, req.body.userId);
    return answer(null, M.verifySent);
  });

  contractRoute(app, R.verifyAccount, async (req, reply) => {
    const verified = await verifyAccount(s, req.params.token);
    return reply.redirect(`/login?verified=${verified ? '1' : '0'}`);
  });
};
