import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import { z } from 'zod';
import { uuid } from '../../../shared/contracts/common.js';
import {
  COURSE_MESSAGES as M, approvalListBody, assignCourseBody, assignmentIdBody, courseForm, courseIdBody, courseListBody, courseUpdateBody,
  lessonAddBody, lessonDoneBody, lessonIdBody, lessonReorderBody, lessonUpdateBody, rejectCourseBody,
} from '../../../shared/contracts/courses.js';
import { ok } from '../../lib/envelope.js';
import { assignCourse, courseProgress, unassignCourse } from './assignment-service.js';
import {
  addCourse, approveCourse, getCourse, listCourses, listWaitingCourses, rejectCourse, removeCourse, updateCourse,
} from './course-service.js';
import { CourseFiles } from './course-files.js';
import { addLesson, getLesson, markLesson, removeLesson, reorderLessons, updateLesson } from './lesson-service.js';

const tags = ['courses'];
const waitingOr = (waiting: boolean, message: string) => (waiting ? M.updatedWaiting : message);

/** Courses, their lessons, approval, assignment and progress under /api/course; who may is policies/courses.ts. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());
  const { appUrl } = app.services.config;
  const { db, fileLinks } = app.services;
  /**
   * Runs a service in the request's transaction with the course files' links, then reads the
   * provider's files it named (they are outside the school's transaction).
   */
  const withFiles = async <T>(req: FastifyRequest, fn: (tx: Tx, files: CourseFiles) => Promise<T>): Promise<T> => {
    const files = new CourseFiles(db, fileLinks);
    const answer = await req.tx((tx) => fn(tx, files));
    await files.settle();
    return answer;
  };

  app.post('/list', { schema: { tags, body: courseListBody } }, async (req, reply) => {
    return ok(reply, await withFiles(req, (tx, files) => listCourses(tx, req.actor!, files, req.body)));
  });

  app.post('/approvalList', { schema: { tags, body: approvalListBody } }, async (req, reply) => {
    return ok(reply, await withFiles(req, (tx, files) => listWaitingCourses(tx, req.actor!, files, req.body)));
  });

  app.get('/view/:id', { schema: { tags, params: z.object({ id: uuid }) } }, async (req, reply) => {
    return ok(reply, await withFiles(req, (tx, files) => getCourse(tx, req.actor!, files, req.params.id)));
  });

  app.post('/add', { schema: { tags, body: courseForm } }, async (req, reply) => {
    const item = await withFiles(req, (tx, files) => addCourse(tx, req.actor!, files, req.body));
    return ok(reply, item, item.status === 'waiting' ? M.addedWaiting : M.added);
  });

  app.post('/update', { schema: { tags, body: courseUpdateBody } }, async (req, reply) => {
    const { item, waiting } = await withFiles(req, (tx, files) => updateCourse(tx, req.actor!, files, req.body));
    return ok(reply, item, waitingOr(waiting, M.updated));
  });

  app.delete('/remove', { schema: { tags, body: courseIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeCourse(tx, req.actor!, req.body.courseId));
    return ok(reply, null, M.deleted);
  });

  app.post('/approve', { schema: { tags, body: courseIdBody } }, async (req, reply) => {
    return ok(reply, await withFiles(req, (tx, files) => approveCourse(tx, req.actor!, files, req.body.courseId)), M.approved);
  });

  app.post('/reject', { schema: { tags, body: rejectCourseBody } }, async (req, reply) => {
    return ok(reply, await withFiles(req, (tx, files) => rejectCourse(tx, req.actor!, files, req.body.courseId, req.body.reason, appUrl)), M.rejected);
  });

  app.post('/lesson/add', { schema: { tags, body: lessonAddBody } }, async (req, reply) => {
    const { item, waiting } = await withFiles(req, (tx, files) => addLesson(tx, req.actor!, files, req.body));
    return ok(reply, item, waitingOr(waiting, M.lessonAdded));
  });

  app.post('/lesson/update', { schema: { tags, body: lessonUpdateBody } }, async (req, reply) => {
    const { item, waiting } = await withFiles(req, (tx, files) => updateLesson(tx, req.actor!, files, req.body));
    return ok(reply, item, waitingOr(waiting, M.lessonUpdated));
  });

  app.delete('/lesson/remove', { schema: { tags, body: lessonIdBody } }, async (req, reply) => {
    const { waiting } = await req.tx((tx) => removeLesson(tx, req.actor!, req.body.lessonId));
    return ok(reply, null, waitingOr(waiting, M.lessonDeleted));
  });

  app.post('/lesson/reorder', { schema: { tags, body: lessonReorderBody } }, async (req, reply) => {
    const { course, waiting } = await withFiles(req, (tx, files) => reorderLessons(tx, req.actor!, files, req.body.courseId, req.body.lessonIds));
    return ok(reply, course, waitingOr(waiting, M.reordered));
  });

  app.get('/lesson/view/:id', { schema: { tags, params: z.object({ id: uuid }) } }, async (req, reply) => {
    return ok(reply, await withFiles(req, (tx, files) => getLesson(tx, req.actor!, files, req.params.id)));
  });

  app.post('/lesson/markDone', { schema: { tags, body: lessonDoneBody } }, async (req, reply) => {
    const item = await withFiles(req, (tx, files) => markLesson(tx, req.actor!, files, req.body.lessonId, req.body.done));
    return ok(reply, item, req.body.done ? M.markedDone : M.markedNotDone);
  });

  app.post('/assign', { schema: { tags, body: assignCourseBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => assignCourse(tx, req.actor!, req.body)), M.assigned);
  });

  app.delete('/unassign', { schema: { tags, body: assignmentIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => unassignCourse(tx, req.actor!, req.body.assignmentId)), M.unassigned);
  });

  app.post('/progress', { schema: { tags, body: courseIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => courseProgress(tx, req.actor!, req.body.courseId)));
  });
};
