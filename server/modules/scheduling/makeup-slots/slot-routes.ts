import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookMakeupSlotBody, makeupSlotForm, makeupSlotIdBody, makeupSlotListBody, SCHEDULING_MESSAGES as M,
} from '../../../../shared/contracts/scheduling.js';
import { ok } from '../../../lib/envelope.js';
import { withLessonActivity } from '../lesson-activity.js';
import { bookMakeupSlot } from './book-slot.js';
import { listMakeupSlots } from './list-slots.js';
import { addMakeupSlot, removeMakeupSlot } from './publish-slots.js';

const tags = ['scheduling'];

/** Open make-up slots under /api/scheduling/makeupSlot (decision 028). */
export const makeupSlotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/makeupSlot/list', { schema: { tags, body: makeupSlotListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listMakeupSlots(tx, req.actor!, req.body)));
  });
  app.post('/makeupSlot/add', { schema: { tags, body: makeupSlotForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addMakeupSlot(tx, req.actor!, req.body)), M.slotAdded);
  });
  app.delete('/makeupSlot/remove', { schema: { tags, body: makeupSlotIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => removeMakeupSlot(tx, req.actor!, req.body.id)), M.slotRemoved);
  });
  app.post('/makeupSlot/book', { schema: { tags, body: bookMakeupSlotBody } }, async (req, reply) => {
    // One line of Recent activities, as staff's make-up booking records.
    return ok(reply, await req.tx((tx) => withLessonActivity(tx, req.actor!, 'makeup.booked', (r) => r._id, () => bookMakeupSlot(tx, req.actor!, req.body, app.services.config.appUrl))), M.makeupBooked);
  });
};
