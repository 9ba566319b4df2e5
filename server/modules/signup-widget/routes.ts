import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { SIGNUP_MESSAGES as M, SIGNUP_ROUTES as R } from '../../../shared/contracts/signup-widget.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { addSignup, approveSignup, declineSignup, getSignupSchool, listSignups, type Decider } from './service.js';
import { checkSchoolLookupAllowed, checkSignupAllowed } from './limits.js';

/** The public widget (no token). */
export const signupWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;

  contractRoute(app, R.school, async (req) => {
    await checkSchoolLookupAllowed(s.rateLimits, req.ip);
    return getSignupSchool(s, req.body.adminId, req.body.planId);
  });

  contractRoute(app, R.add, async (req) => {
    await checkSignupAllowed(s.rateLimits, req.ip, req.body.adminId);
    const id = await addSignup(s, req.body, req.ip);
    return answer({ _id: id }, M.registered);
  });
};

function deciderOf(req: FastifyRequest): Decider {
  return { actor: req.actor!, appUrl: req.server.services.config.appUrl };
}

/** The school's review of widget signups (New Widget Students). */
export const approvedStudentRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listSignups(tx, req.actor!, req.body)));

  contractRoute(app, R.approve, async (req) => answer(await req.tx((tx) => approveSignup(tx, deciderOf(req), req.body.id)), M.approved));

  contractRoute(app, R.decline, async (req) => answer(await req.tx((tx) => declineSignup(tx, deciderOf(req), req.body.id)), M.declined));
};
