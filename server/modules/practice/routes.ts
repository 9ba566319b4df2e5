import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRACTICE_MESSAGES as M, completeItemBody, practiceForm, practiceIdBody, practiceIdParams, practiceListBody, practiceStudentsBody,
  practiceTimerBody, practiceUpdateBody, studentIdBody, studentPracticeReportBody,
} from '../../../shared/contracts/practice.js';
import { ok } from '../../lib/envelope.js';
import {
  addPractice, completePracticeItem, listPractice, practiceCounts, removePractice, updatePractice, viewPractice,
} from './assignments-service.js';
import { listPracticeStudents } from './practice-students.js';
import { studentPracticeReport } from './report/report-service.js';
import { currentPracticeTime, practiceTimer } from './timer/timer-service.js';

const tags = ['practice'];

/**
 * Practice under /api/practice (docs/domains/learning.md "Data and calls": getPractice, getPracticeStudents,
 * getCurrentPracticeTime, practiceTimer, completeInCompletePracticeCount, and the calls the product
 * left unnamed in the same style). Who may is policies/practice.ts. Every time is the server's.
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/getPractice', { schema: { tags, body: practiceListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listPractice(tx, req.actor!, req.body, new Date())));
  });

  app.post('/getPracticeStudents', { schema: { tags, body: practiceStudentsBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listPracticeStudents(tx, req.actor!, req.body)));
  });

  app.post('/addPractice', { schema: { tags, body: practiceForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addPractice(tx, req.actor!, req.body, new Date())), M.added);
  });

  app.post('/updatePractice', { schema: { tags, body: practiceUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updatePractice(tx, req.actor!, req.body, new Date())), M.updated);
  });

  app.delete('/removePractice', { schema: { tags, body: practiceIdBody } }, async (req, reply) => {
    await req.tx((tx) => removePractice(tx, req.actor!, req.body.practiceId));
    return ok(reply, null, M.deleted);
  });

  app.get('/viewPractice/:id', { schema: { tags, params: practiceIdParams } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => viewPractice(tx, req.actor!, req.params.id, new Date())));
  });

  app.post('/completePracticeItem', { schema: { tags, body: completeItemBody } }, async (req, reply) => {
    const item = await req.tx((tx) => completePracticeItem(tx, req.actor!, req.body, new Date()));
    return ok(reply, item, req.body.complete ? M.completed : M.uncompleted);
  });

  app.post('/completeInCompletePracticeCount', { schema: { tags, body: studentIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => practiceCounts(tx, req.actor!, req.body.studentId)));
  });

  app.post('/getCurrentPracticeTime', { schema: { tags, body: studentIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => currentPracticeTime(tx, req.actor!, req.body.studentId, new Date())));
  });

  app.post('/practiceTimer', { schema: { tags, body: practiceTimerBody } }, async (req, reply) => {
    const { state, message } = await req.tx((tx) => practiceTimer(tx, req.actor!, req.body, new Date()));
    return ok(reply, state, message);
  });

  app.post('/studentPracticeReport', { schema: { tags, body: studentPracticeReportBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => studentPracticeReport(tx, req.actor!, req.body.studentId, new Date())));
  });
};
