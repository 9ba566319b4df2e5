import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.js';
import {
  PLAN_MESSAGES as M, approvePlanBody, askPlanBody, cancelPlanBody, familyPlanListBody, instrumentTeacherBody, planForm, planIdBody, planListBody, planUpdateBody,
} from '../../../../shared/contracts/student-plans.js';
import { familyContextOf } from '../family/family-context.js';
import { ISSUE_RECURRING_JOB } from '../recurring/issue-recurring-invoices.js';
import { addPlan, deletePlan, getPlan, instrumentTeachers, listFamilyPlans, listPlans, updatePlan } from './plans-service.js';
import { answerRequest, askPlan, cancelPlan, listRequests, mySubscriptions } from './subscriptions.js';

const tags = ['billing: student plans'];

/**
 * A school's plans for its students under /api/studentBilling (docs/domains/plans.md "Data and calls"): Plan Builder and
 * Group Plans, asking for a plan (payments), approving (approvePlanByAdmin), the family's
 * subscriptions and cancelling. Who may is policies/student-plans.ts.
 */
export const studentPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());
  const ctx = familyContextOf(app.services);

  app.post('/getListPlanBuilder', { schema: { tags, body: planListBody } }, async (req, reply) => {
    const q = req.body;
    if (q.isPlanApproveList) return ok(reply, await req.tx((tx) => listRequests(tx, req.actor!, q, ctx.now())));
    return ok(reply, await req.tx((tx) => listPlans(tx, req.actor!, q)));
  });

  app.post('/addPlanBuilder', { schema: { tags, body: planForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addPlan(tx, req.actor!, req.body)), M.added);
  });

  app.post('/updatePlanBuilder', { schema: { tags, body: planUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updatePlan(tx, req.actor!, req.body)), M.updated);
  });

  app.delete('/deletePlanBuilder', { schema: { tags, body: planIdBody } }, async (req, reply) => {
    const result = await req.tx((tx) => deletePlan(tx, req.actor!, req.body.planId));
    return ok(reply, result, result.retired ? M.retired : M.deleted);
  });

  app.post('/getPlanById', { schema: { tags, body: planIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getPlan(tx, req.actor!, req.body.planId)));
  });

  app.post('/payments', { schema: { tags, body: askPlanBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => askPlan(tx, req.actor!, req.body, ctx)), M.requested);
  });

  app.get('/mySubscription', { schema: { tags } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => mySubscriptions(tx, req.actor!, ctx.now())));
  });

  app.post('/approvePlanByAdmin', { schema: { tags, body: approvePlanBody } }, async (req, reply) => {
    const { item, started } = await req.tx((tx) => answerRequest(tx, req.actor!, req.body.subscriptionId, req.body.approve, ctx.now(), ctx.appUrl));
    // The first period is billed (and then charged) by the jobs: run them now, not at their next sweep.
    if (started) app.services.jobs.trigger(ISSUE_RECURRING_JOB);
    return ok(reply, item, req.body.approve ? M.approved : M.declined);
  });

  app.post('/cancelBookPlan', { schema: { tags, body: cancelPlanBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => cancelPlan(tx, req.actor!, req.body.subscriptionId, ctx.now(), ctx.appUrl)), M.cancelled);
  });
};

/** /api/paymentbilling/planList and instrumentTeacher (docs/domains/plans.md "Data and calls"). */
export const planPaymentBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/planList', { schema: { tags, body: familyPlanListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listFamilyPlans(tx, req.actor!, req.body)));
  });

  app.post('/instrumentTeacher', { schema: { tags, body: instrumentTeacherBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => instrumentTeachers(tx, req.actor!, req.body.instrumentId)));
  });
};
