import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { SCHOOL_PLAN_MESSAGES, SCHOOL_PLAN_ROUTES as R } from '../../../shared/contracts/school-plans.js';
import { bookPlanSchool } from './book-plan.js';
import { cancelBookPlanSchool, listBookings, readPlanOf, sendPlanUpgradeEmail, updateBookPlanSchool } from './manage-booking.js';
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

  contractRoute(app, R.cancel, async (req) => answer(await req.tx((tx) => cancelBookPlanSchool(tx, req.body.adminId)), SCHOOL_PLAN_MESSAGES.cancelled));
};
