import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import { COURSE_MESSAGES as M, COURSE_ROUTES as R } from '../../../shared/contracts/courses.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { assignCourse, courseProgress, unassignCourse } from './assignment-service.js';
import {
  addCourse, approveCourse, getCourse, listCourses, listWaitingCourses, rejectCourse, removeCourse, updateCourse,
} from './course-service.js';
import { CourseFiles } from './course-files.js';
import { addLesson, getLesson, markLesson, removeLesson, reorderLessons, updateLesson } from './lesson-service.js';

const waitingOr = (waiting: boolean, message: string) => (waiting ? M.updatedWaiting : message);

/** Courses, their lessons, approval, assignment and progress under /api/course; who may is policies/courses.ts. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.services.config;
  const { db, fileLinks } = app.services;
  /**
   * Runs a service in the request's transaction with the course files' links, then reads the
   * provider's files it named (they are outside the school's transaction).
   */
  const withFiles = async <T>(req: FastifyRequest, fn: (tx: Tx, files: CourseFiles) => Promise<T>): Promise<T> => {
    const files = new CourseFiles(db, fileLinks);
    const result = await req.tx((tx) => fn(tx, files));
    await files.settle();
    return result;
  };

  contractRoute(app, R.list, (req) => withFiles(req, (tx, files) => listCourses(tx, req.actor!, files, req.body)));
  contractRoute(app, R.approvalList, (req) => withFiles(req, (tx, files) => listWaitingCourses(tx, req.actor!, files, req.body)));
  contractRoute(app, R.view, (req) => withFiles(req, (tx, files) => getCourse(tx, req.actor!, files, req.params.id)));

  contractRoute(app, R.add, async (req) => {
    const item = await withFiles(req, (tx, files) => addCourse(tx, req.actor!, files, req.body));
    return answer(item, item.status === 'waiting' ? M.addedWaiting : M.added);
  });

  contractRoute(app, R.update, async (req) => {
    const { item, waiting } = await withFiles(req, (tx, files) => updateCourse(tx, req.actor!, files, req.body));
    return answer(item, waitingOr(waiting, M.updated));
  });

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeCourse(tx, req.actor!, req.body.courseId));
    return answer(null, M.deleted);
  });

  contractRoute(app, R.approve, async (req) =>
    answer(await withFiles(req, (tx, files) => approveCourse(tx, req.actor!, files, req.body.courseId, appUrl)), M.approved));

  contractRoute(app, R.reject, async (req) =>
    answer(await withFiles(req, (tx, files) => rejectCourse(tx, req.actor!, files, req.body.courseId, req.body.reason, appUrl)), M.rejected));

  contractRoute(app, R.addLesson, async (req) => {
    const { item, waiting } = await withFiles(req, (tx, files) => addLesson(tx, req.actor!, files, req.body));
    return answer(item, waitingOr(waiting, M.lessonAdded));
  });

  contractRoute(app, R.updateLesson, async (req) => {
    const { item, waiting } = await withFiles(req, (tx, files) => updateLesson(tx, req.actor!, files, req.body));
    return answer(item, waitingOr(waiting, M.lessonUpdated));
  });

  contractRoute(app, R.removeLesson, async (req) => {
    const { waiting } = await req.tx((tx) => removeLesson(tx, req.actor!, req.body.lessonId));
    return answer(null, waitingOr(waiting, M.lessonDeleted));
  });

  contractRoute(app, R.reorderLessons, async (req) => {
    const { course, waiting } = await withFiles(req, (tx, files) => reorderLessons(tx, req.actor!, files, req.body.courseId, req.body.lessonIds));
    return answer(course, waitingOr(waiting, M.reordered));
  });

  contractRoute(app, R.viewLesson, (req) => withFiles(req, (tx, files) => getLesson(tx, req.actor!, files, req.params.id)));

  contractRoute(app, R.markLesson, async (req) => {
    const item = await withFiles(req, (tx, files) => markLesson(tx, req.actor!, files, req.body.lessonId, req.body.done));
    return answer(item, req.body.done ? M.markedDone : M.markedNotDone);
  });

  contractRoute(app, R.assign, async (req) => answer(await req.tx((tx) => assignCourse(tx, req.actor!, req.body)), M.assigned));
  contractRoute(app, R.unassign, async (req) => answer(await req.tx((tx) => unassignCourse(tx, req.actor!, req.body.assignmentId)), M.unassigned));
  contractRoute(app, R.progress, (req) => req.tx((tx) => courseProgress(tx, req.actor!, req.body.courseId)));
};
