import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { withLessonActivity } from '../lesson-activity.js';
import { addLesson } from './add-lesson.js';
import { deleteLesson, moveLesson, updateLesson } from './change-lesson.js';
import { getLessonDetails } from './lesson-details.js';
import { listEvents } from './list-events.js';
import { listUpcomingLessons } from './upcoming-lessons.js';

/** The calendar and its lessons under /api/scheduling; who may do what is policies/scheduling.ts. */
export const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.getEvents, (req) => req.tx((tx) => listEvents(tx, req.actor!, req.body, req.now())));

  contractRoute(app, R.getLesson, (req) => req.tx((tx) => getLessonDetails(tx, req.actor!, req.body.id, req.now())));

  contractRoute(app, R.addLesson, async (req) =>
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.added', (r) => r._id, () => addLesson(tx, req.actor!, req.body, req.now()))), M.lessonAdded));

  contractRoute(app, R.updateLesson, async (req) =>
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.changed', (r) => r._id, () => updateLesson(tx, req.actor!, req.body, app.services.config.appUrl, req.now()))), M.lessonUpdated));

  contractRoute(app, R.moveLesson, async (req) =>
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.changed', (r) => r._id, () => moveLesson(tx, req.actor!, req.body, app.services.config.appUrl, req.now()))), M.lessonMoved));

  contractRoute(app, R.deleteLesson, async (req) =>
    answer(await req.tx((tx) => withLessonActivity(tx, req.actor!, 'lesson.deleted', req.body.id, () => deleteLesson(tx, req.actor!, req.body))), M.lessonDeleted));

  contractRoute(app, R.getUpcomingLessons, (req) => req.tx((tx) => listUpcomingLessons(tx, req.actor!, req.body, req.now())));
};
