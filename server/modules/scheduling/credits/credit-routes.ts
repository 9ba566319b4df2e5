import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { withLessonActivity } from '../lesson-activity.js';
import { bookMakeup } from './book-makeup.js';
import { cancelLesson, restoreLesson } from './cancel-lesson.js';
import { previewCancel } from './preview-cancel.js';
import { grantCredit, listCredits } from './credits.js';

/** Cancel and bank, restore, make-up credits and make-up lessons under /api/scheduling. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.cancelLesson, async (req) => {
    const { banked, ...cancelled } = await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.cancelled', req.body.id, () => cancelLesson(tx, req.actor!, req.body, app.services.config.appUrl, req.now())));
    return answer(cancelled, banked ? M.lessonBanked : M.lessonCancelled);
  });
  contractRoute(app, R.previewCancel, (req) => req.tx((tx) => previewCancel(tx, req.actor!, req.body.id, req.now())));
  contractRoute(app, R.restoreLesson, async (req) =>
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.restored', req.body.id, () => restoreLesson(tx, req.actor!, req.body.id, app.services.config.appUrl, req.now()))), M.lessonRestored));

  contractRoute(app, R.getCredits, (req) => req.tx((tx) => listCredits(tx, req.actor!, req.body, req.now())));
  contractRoute(app, R.grantCredit, async (req) => answer(await req.tx((tx) => grantCredit(tx, req.actor!, req.body, req.now())), M.creditGranted));
  contractRoute(app, R.bookMakeup, async (req) =>
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'makeup.booked', (r) => r._id, () => bookMakeup(tx, req.actor!, req.body, app.services.config.appUrl, req.now()))), M.makeupBooked));
};
