import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookMakeupBody, creditListBody, grantCreditBody, lessonCancelBody, lessonIdBody, SCHEDULING_MESSAGES as M,
} from '../../../../shared/contracts/scheduling.js';
import { ok } from '../../../lib/envelope.js';
import { withLessonActivity } from '../lesson-activity.js';
import { bookMakeup } from './book-makeup.js';
import { cancelLesson, restoreLesson } from './cancel-lesson.js';
import { previewCancel } from './preview-cancel.js';
import { grantCredit, listCredits } from './credits.js';

const tags = ['scheduling'];

/** Cancel and bank, restore, make-up credits and make-up lessons under /api/scheduling. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/cancelLesson', { schema: { tags, body: lessonCancelBody } }, async (req, reply) => {
    const { banked, ...answer } = await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.cancelled', req.body.id, () => cancelLesson(tx, req.actor!, req.body, app.services.config.appUrl)));
    return ok(reply, answer, banked ? M.lessonBanked : M.lessonCancelled);
  });
  app.post('/previewCancel', { schema: { tags, body: lessonIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => previewCancel(tx, req.actor!, req.body.id)));
  });
  app.post('/restoreLesson', { schema: { tags, body: lessonIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.restored', req.body.id, () => restoreLesson(tx, req.actor!, req.body.id, app.services.config.appUrl))), M.lessonRestored);
  });

  app.post('/getCredits', { schema: { tags, body: creditListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listCredits(tx, req.actor!, req.body)));
  });
  app.post('/grantCredit', { schema: { tags, body: grantCreditBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => grantCredit(tx, req.actor!, req.body)), M.creditGranted);
  });
  app.post('/bookMakeup', { schema: { tags, body: bookMakeupBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => withLessonActivity(tx, req.actor!, 'makeup.booked', (r) => r._id, () => bookMakeup(tx, req.actor!, req.body, app.services.config.appUrl))), M.makeupBooked);
  });
};
