import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import {
  SCHOOL_PLAN_MESSAGES, bookingListBody, bookingSchoolBody, bookPlanBody, planUpgradeEmailBody, updateBookPlanBody,
} from '../../../shared/contracts/school-plans.js';
import { bookPlanSchool } from './book-plan.js';
import { cancelBookPlanSchool, listBookings, readPlanOf, sendPlanUpgradeEmail, updateBookPlanSchool } from './manage-booking.js';
import type { PlanServices } from './provider-gateway.js';

const tags = ['school plans'];

/** /api/bookPlan (docs/domains/plans.md "Data and calls"): the superadmin books, changes and cancels schools' plans. */
export const bookingRoutes: FastifyPluginAsyncZod<{ planServices?: PlanServices }> = async (app, options) => {
  app.addHook('onRequest', app.requireAuth('superadmin'));
  const services: PlanServices = options.planServices ?? { config: app.services.config };
  const { db } = app.services;

  app.post('/bookplanschool', { schema: { tags, body: bookPlanBody } }, async (req, reply) => {
    const adminId = await bookPlanSchool(db, services, req.body);
    return ok(reply, await db.transaction({ kind: 'school', adminId }, (tx) => readPlanOf(tx, adminId)), SCHOOL_PLAN_MESSAGES.booked);
  });

  app.post('/getbookplanschool', { schema: { tags, body: bookingListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listBookings(tx, req.body)));
  });

  app.post('/updatebookplanschool', { schema: { tags, body: updateBookPlanBody } }, async (req, reply) => {
    return ok(reply, await updateBookPlanSchool(db, services, req.body), SCHOOL_PLAN_MESSAGES.changed);
  });

  app.post('/planUpgradeEmail', { schema: { tags, body: planUpgradeEmailBody } }, async (req, reply) => {
    await req.tx((tx) => sendPlanUpgradeEmail(tx, app.services.config.appUrl, req.body.adminId, req.body.planId));
    return ok(reply, null, SCHOOL_PLAN_MESSAGES.upgradeSent);
  });

  app.post('/cancelBookPlanSchool', { schema: { tags, body: bookingSchoolBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => cancelBookPlanSchool(tx, req.body.adminId)), SCHOOL_PLAN_MESSAGES.cancelled);
  });
};
