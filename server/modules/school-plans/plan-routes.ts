import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-errors.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { SCHOOL_PLAN_MESSAGES, SCHOOL_PLAN_ROUTES as R } from '../../../shared/contracts/school-plans.js';
import { readPlanOf } from './manage-booking.js';
import { payMyPlan } from './pay-plan.js';
import { checkPlansLookupAllowed, checkRegisterAllowed, registerSchool, signupPlansOf } from './self-register.js';
import { SCHOOL_SIGNUP_MESSAGES, SCHOOL_SIGNUP_ROUTES as SIGNUP } from '../../../shared/contracts/school-signup.js';
import type { PlanServices } from './provider-gateway.js';
import { addSchoolPlan, deleteSchoolPlan, listSchoolPlans, updateSchoolPlan, viewSchoolPlan } from './plan-service.js';

/** /api/schoolBilling: the provider's Plan Builder (superadmin) and a school's own plan (its admin). */
export const planRoutes: FastifyPluginAsyncZod<{ planServices?: PlanServices }> = async (app, options) => {
  const services: PlanServices = options.planServices ?? { config: app.services.config };

  contractRoute(app, R.list, (req) => req.tx((tx) => listSchoolPlans(tx, req.body)));

  contractRoute(app, R.view, (req) => req.tx((tx) => viewSchoolPlan(tx, req.body.planId)));

  contractRoute(app, R.add, async (req) => answer(await req.tx((tx) => addSchoolPlan(tx, req.body)), SCHOOL_PLAN_MESSAGES.added));

  contractRoute(app, R.update, async (req) => {
    const { plan } = await req.tx((tx) => updateSchoolPlan(tx, req.body));
    return answer(plan, SCHOOL_PLAN_MESSAGES.updated);
  });

  contractRoute(app, R.remove, async (req) => {
    const outcome = await req.tx((tx) => deleteSchoolPlan(tx, req.body.planId));
    return answer({ outcome }, outcome === 'retired' ? SCHOOL_PLAN_MESSAGES.retired : SCHOOL_PLAN_MESSAGES.deleted);
  });

  // The public self-registration page /signup/{id} (no token).
  contractRoute(app, SIGNUP.plans, async (req) => {
    await checkPlansLookupAllowed(app.services.rateLimits, req.ip);
    return signupPlansOf(app.services.db, req.body.id);
  });

  // Counted before the body is checked (onRequest runs before validation): a script trying forms costs its attempts too.
  const registerLimit = async (req: { ip: string }) => checkRegisterAllowed(app.services.rateLimits, req.ip);
  contractRoute(app, SIGNUP.register, async (req) => {
    const { id, login } = await registerSchool(app.services.db, services, req.body, req.now());
    return answer({ _id: id, login }, login ? SCHOOL_SIGNUP_MESSAGES.registered : SCHOOL_SIGNUP_MESSAGES.paymentPending);
  }, { onRequest: [registerLimit] });

  // The school's owner reads their plan (a private teacher is a school of one).
  contractRoute(app, R.myPlan, (req) => {
    const adminId = req.actor!.adminId;
    if (!adminId) throw forbidden();
    return req.tx((tx) => readPlanOf(tx, adminId));
  });

  contractRoute(app, R.payMyPlan, async (req) => {
    const adminId = req.actor!.adminId;
    if (!adminId) throw forbidden();
    await payMyPlan(app.services.db, services, adminId, req.body);
    return answer(await req.tx((tx) => readPlanOf(tx, adminId)), SCHOOL_PLAN_MESSAGES.paid);
  });
};
