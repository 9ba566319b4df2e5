import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import {
  SIGNUP_MESSAGES, signupBody, signupIdBody, signupListBody, signupSchoolBody,
} from '../../../shared/contracts/signup-widget.js';
import { addSignup, approveSignup, declineSignup, getSignupSchool, listSignups, type Decider } from './service.js';
import { checkSchoolLookupAllowed, checkSignupAllowed } from './limits.js';

const tags = ['signup widget'];

/** The public widget (no token), under /api/student. */
export const signupWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;

  app.post('/studentSignupWidget/school', { schema: { tags, body: signupSchoolBody, security: [] } }, async (req, reply) => {
    await checkSchoolLookupAllowed(s.rateLimits, req.ip);
    return ok(reply, await getSignupSchool(s, req.body.adminId, req.body.planId));
  });

  app.post('/studentSignupWidget/add', { schema: { tags, body: signupBody, security: [] } }, async (req, reply) => {
    await checkSignupAllowed(s.rateLimits, req.ip, req.body.adminId);
    const id = await addSignup(s, req.body, req.ip);
    return ok(reply, { _id: id }, SIGNUP_MESSAGES.registered);
  });
};

function deciderOf(req: FastifyRequest): Decider {
  return { actor: req.actor!, appUrl: req.server.services.config.appUrl };
}

/** The school's review of widget signups (New Widget Students), under /api/reporting/approvedStudent. */
export const approvedStudentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who may list and decide is the members policy (kind 'signup'); everyone else gets 403 there.
  app.addHook('onRequest', app.requireAuth());

  app.post('/list', { schema: { tags, body: signupListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listSignups(tx, req.actor!, req.body)));
  });

  app.post('/approve', { schema: { tags, body: signupIdBody } }, async (req, reply) => {
    const item = await req.tx((tx) => approveSignup(tx, deciderOf(req), req.body.id));
    return ok(reply, item, SIGNUP_MESSAGES.approved);
  });

  app.post('/decline', { schema: { tags, body: signupIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => declineSignup(tx, deciderOf(req), req.body.id)), SIGNUP_MESSAGES.declined);
  });
};
