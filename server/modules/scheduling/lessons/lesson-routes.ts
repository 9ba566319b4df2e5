import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getEventsBody, lessonForm, lessonIdBody, lessonMoveBody, lessonScopeBody, lessonUpdateBody, SCHEDULING_MESSAGES as M, upcomingLessonsBody,
} from '../../../../shared/contracts/scheduling.js';
import { ok } from '../../../lib/envelope.js';
import { addLesson } from './add-lesson.js';
import { deleteLesson, moveLesson, updateLesson } from './change-lesson.js';
import { getLessonDetails } from './lesson-details.js';
import { listEvents } from './list-events.js';
import { listUpcomingLessons } from './upcoming-lessons.js';

const tags = ['scheduling'];

/** The calendar and its lessons under /api/scheduling; who may do what is policies/scheduling.ts. */
export const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/getEvents', { schema: { tags, body: getEventsBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listEvents(tx, req.actor!, req.body)));
  });

  app.post('/getLesson', { schema: { tags, body: lessonIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getLessonDetails(tx, req.actor!, req.body.id)));
  });

  app.post('/addLesson', { schema: { tags, body: lessonForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addLesson(tx, req.actor!, req.body)), M.lessonAdded);
  });

  app.post('/updateLesson', { schema: { tags, body: lessonUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateLesson(tx, req.actor!, req.body, app.services.config.appUrl)), M.lessonUpdated);
  });

  app.post('/moveLesson', { schema: { tags, body: lessonMoveBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => moveLesson(tx, req.actor!, req.body, app.services.config.appUrl)), M.lessonMoved);
  });

  app.post('/deleteLesson', { schema: { tags, body: lessonScopeBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => deleteLesson(tx, req.actor!, req.body)), M.lessonDeleted);
  });

  app.post('/getUpcomingLessons', { schema: { tags, body: upcomingLessonsBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listUpcomingLessons(tx, req.actor!, req.body)));
  });
};
