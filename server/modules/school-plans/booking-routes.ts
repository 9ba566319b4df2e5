import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { SCHOOL_PLAN_MESSAGES, SCHOOL_PLAN_ROUTES as R } from '../../../shared/contracts/school-plans.js';
import { bookPlanSchool } from './book-plan.js';
import { cancelBookPlanSchool, endOrExtendPlan, listBookings, planStatesOf, readPlanOf, sendPlanUpgradeEmail, updateBookPlanSchool } from './manage-booking.js';
import type { PlanServices } from './provider-gateway.js';

/** /api/bookPlan (docs/domains/plans.md "Data and calls"): the superadmin books, changes and cancels schools' plans. */
export const bookingRoutes: FastifyPluginAsyncZod<{ planServices?: PlanServices }> = async (app, options) => {
  const services: PlanServices = options.planServices ?? { config: app.services.config };
  const { db } = app.services;

  contractRoute(app, R.book, async (req) => {
    const adminId = await bookPlanSchool(db, services, req.body);
    return answer(await db.transaction({ kind: 'school', adminId }, (tx) => readPlanOf(tx, adminId)), SCHOOL_PLAN_MESSAGES.booked);
  });

  contractRoute(app, R.bookings, (req) => req.tx((tx) => listBookings(tx, req.body)));

  contractRoute(app, R.change, async (req) => answer(await updateBookPlanSchool(db, services, req.body), SCHOOL_PLAN_MESSAGES.changed));

  contractRoute(app, R.upgradeEmail, async (req) => {
    await req.tx((tx) => sendPlanUpgradeEmail(tx, app.services.config.appUrl, req.body.adminId, req.body.planId));
    return answer(null, SCHOOL_PLAN_MESSAGES.upgradeSent);
  });

  contractRoute(app, R.schoolPlan, (req) => req.tx((tx) => readPlanOf(tx, req.body.adminId)));

  contractRoute(app, R.planStates, (req) => req.tx((tx) => planStatesOf(tx, req.body.adminIds)));

  contractRoute(app, R.endOrExtend, async (req) => {
    const by = { id: req.actor!.accountableId, ip: req.ip };
    const now = app.services.clock.now(req.body.adminId);
    const done = await db.transaction({ kind: 'school', adminId: req.body.adminId }, (tx) => endOrExtendPlan(tx, app.services.config.appUrl, by, req.body, now));
    return answer(done.plan, done.renewsOn ? SCHOOL_PLAN_MESSAGES.extended(done.renewsOn) : SCHOOL_PLAN_MESSAGES.ended);
  });

  contractRoute(app, R.cancel, async (req) => answer(await req.tx((tx) => cancelBookPlanSchool(tx, req.body.adminId)), SCHOOL_PLAN_MESSAGES.cancelled));
};
