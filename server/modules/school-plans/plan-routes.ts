import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { forbidden } from '../../lib/http-errors.js';
import {
  SCHOOL_PLAN_MESSAGES, payMyPlanBody, schoolPlanForm, schoolPlanIdBody, schoolPlanListBody, schoolPlanUpdateBody,
} from '../../../shared/contracts/school-plans.js';
import { readPlanOf } from './manage-booking.js';
import { payMyPlan } from './pay-plan.js';
import { checkPlansLookupAllowed, checkRegisterAllowed, registerSchool, signupPlansOf } from './self-register.js';
import { SCHOOL_SIGNUP_MESSAGES, schoolRegistrationBody, signupPlansBody } from '../../../shared/contracts/school-signup.js';
import type { PlanServices } from './provider-gateway.js';
import { addSchoolPlan, deleteSchoolPlan, listSchoolPlans, updateSchoolPlan } from './plan-service.js';

const tags = ['school plans'];

/** /api/schoolBilling: the provider's Plan Builder (superadmin) and a school's own plan (its admin). */
export const planRoutes: FastifyPluginAsyncZod<{ planServices?: PlanServices }> = async (app, options) => {
  const services: PlanServices = options.planServices ?? { config: app.services.config };
  const superadmin = { onRequest: app.requireAuth('superadmin') };

  app.post('/getSchoolPlanList', { ...superadmin, schema: { tags, body: schoolPlanListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listSchoolPlans(tx, req.body)));
  });

  app.post('/addSchoolPlan', { ...superadmin, schema: { tags, body: schoolPlanForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addSchoolPlan(tx, req.body)), SCHOOL_PLAN_MESSAGES.added);
  });

  app.post('/updateSchoolPlan', { ...superadmin, schema: { tags, body: schoolPlanUpdateBody } }, async (req, reply) => {
    const { plan } = await req.tx((tx) => updateSchoolPlan(tx, req.body));
    return ok(reply, plan, SCHOOL_PLAN_MESSAGES.updated);
  });

  app.delete('/deleteSchoolPlan', { ...superadmin, schema: { tags, body: schoolPlanIdBody } }, async (req, reply) => {
    const outcome = await req.tx((tx) => deleteSchoolPlan(tx, req.body.planId));
    return ok(reply, { outcome }, outcome === 'retired' ? SCHOOL_PLAN_MESSAGES.retired : SCHOOL_PLAN_MESSAGES.deleted);
  });

  // The public self-registration page /signup/{id} (no token).
  app.post('/signupPlans', { schema: { tags, body: signupPlansBody, security: [] } }, async (req, reply) => {
    await checkPlansLookupAllowed(app.services.rateLimits, req.ip);
    return ok(reply, await signupPlansOf(app.services.db, req.body.id));
  });

  // Counted before the body is checked: a script trying forms costs its attempts too.
  const registerLimit = async (req: { ip: string }) => checkRegisterAllowed(app.services.rateLimits, req.ip);
  app.post('/registerSchool', { preValidation: registerLimit, schema: { tags, body: schoolRegistrationBody, security: [] } }, async (req, reply) => {
    const id = await registerSchool(app.services.db, services, req.body);
    return ok(reply, { _id: id }, SCHOOL_SIGNUP_MESSAGES.registered);
  });

  // The school's owner reads their plan (a private teacher is a school of one).
  app.get('/myPlan', { onRequest: app.requireAuth('admin'), schema: { tags } }, async (req, reply) => {
    const adminId = req.actor!.adminId;
    if (!adminId) throw forbidden();
    return ok(reply, await req.tx((tx) => readPlanOf(tx, adminId)));
  });

  app.post('/payMyPlan', { onRequest: app.requireAuth('admin'), schema: { tags, body: payMyPlanBody } }, async (req, reply) => {
    const adminId = req.actor!.adminId;
    if (!adminId) throw forbidden();
    await payMyPlan(app.services.db, services, adminId, req.body);
    return ok(reply, await req.tx((tx) => readPlanOf(tx, adminId)), SCHOOL_PLAN_MESSAGES.paid);
  });
};
