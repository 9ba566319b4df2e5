import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { withLessonActivity } from '../lesson-activity.js';
import { bookMakeupSlot } from './book-slot.js';
import { listMakeupSlots } from './list-slots.js';
import { addMakeupSlot, removeMakeupSlot } from './publish-slots.js';

/** Open make-up slots under /api/scheduling/makeupSlot (decision 028). */
export const makeupSlotRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.listMakeupSlots, (req) => req.tx((tx) => listMakeupSlots(tx, req.actor!, req.body, req.now())));
  contractRoute(app, R.addMakeupSlot, async (req) => answer(await req.tx((tx) => addMakeupSlot(tx, req.actor!, req.body, req.now())), M.slotAdded));
  contractRoute(app, R.removeMakeupSlot, async (req) => answer(await req.tx((tx) => removeMakeupSlot(tx, req.actor!, req.body.id)), M.slotRemoved));
  contractRoute(app, R.bookMakeupSlot, async (req) =>
    // One line of Recent activities, as staff's make-up booking records.
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'makeup.booked', (r) => r._id, () => bookMakeupSlot(tx, req.actor!, req.body, app.services.config.appUrl, req.now()))), M.makeupBooked));
};
