import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { PLAN_MESSAGES as M, PLAN_ROUTES as R } from '../../../../shared/contracts/student-plans.js';
import { familyContextOf } from '../family/family-context.js';
import { ISSUE_RECURRING_JOB } from '../recurring/issue-recurring-invoices.js';
import { addPlan, deletePlan, getPlan, instrumentTeachers, listFamilyPlans, listPlans, updatePlan } from './plans-service.js';
import { answerRequest, askPlan, cancelPlan, listRequests, mySubscriptions } from './subscriptions.js';

/**
 * A school's plans for its students under /api/studentBilling (docs/domains/plans.md "Data and calls"): Plan Builder and
 * Group Plans, asking for a plan (payments), approving (approvePlanByAdmin), the family's
 * subscriptions and cancelling. Who may is policies/student-plans.ts.
 */
export const studentPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = familyContextOf(app.services);

  contractRoute(app, R.list, (req) => {
    const q = req.body;
    if (q.isPlanApproveList) return req.tx((tx) => listRequests(tx, req.actor!, q, req.now()));
    return req.tx((tx) => listPlans(tx, req.actor!, q));
  });

  contractRoute(app, R.add, async (req) => answer(await req.tx((tx) => addPlan(tx, req.actor!, req.body)), M.added));

  contractRoute(app, R.update, async (req) => answer(await req.tx((tx) => updatePlan(tx, req.actor!, req.body)), M.updated));

  contractRoute(app, R.remove, async (req) => {
    const result = await req.tx((tx) => deletePlan(tx, req.actor!, req.body.planId));
    return answer(result, result.retired ? M.retired : M.deleted);
  });

  contractRoute(app, R.get, (req) => req.tx((tx) => getPlan(tx, req.actor!, req.body.planId)));

  contractRoute(app, R.ask, async (req) => answer(await req.tx((tx) => askPlan(tx, req.actor!, req.body, ctx)), M.requested));

  contractRoute(app, R.mine, (req) => req.tx((tx) => mySubscriptions(tx, req.actor!, req.now())));

  contractRoute(app, R.answer, async (req) => {
    const { item, started } = await req.tx((tx) => answerRequest(tx, req.actor!, req.body.subscriptionId, req.body.approve, req.now(), ctx.appUrl));
    // The first period is billed (and then charged) by the jobs: run them now, not at their next sweep.
    if (started) app.services.jobs.trigger(ISSUE_RECURRING_JOB);
    return answer(item, req.body.approve ? M.approved : M.declined);
  });

  contractRoute(app, R.cancel, async (req) => answer(await req.tx((tx) => cancelPlan(tx, req.actor!, req.body.subscriptionId, req.now(), ctx.appUrl)), M.cancelled));
};

/** /api/paymentbilling/planList and instrumentTeacher (docs/domains/plans.md "Data and calls"). */
export const planPaymentBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.familyList, (req) => req.tx((tx) => listFamilyPlans(tx, req.actor!, req.body)));

  contractRoute(app, R.instrumentTeachers, (req) => req.tx((tx) => instrumentTeachers(tx, req.actor!, req.body.instrumentId)));
};
