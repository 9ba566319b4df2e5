import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRACTICE_MESSAGES as M, PRACTICE_ROUTES as R } from '../../../shared/contracts/practice.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import {
  addPractice, completePracticeItem, listPractice, practiceCounts, removePractice, updatePractice, viewPractice,
} from './assignments-service.js';
import { listPracticeStudents } from './practice-students.js';
import { studentPracticeReport } from './report/report-service.js';
import { currentPracticeTime, practiceTimer } from './timer/timer-service.js';

/**
 * Practice under /api/practice (docs/domains/learning.md "Data and calls": getPractice, getPracticeStudents,
 * getCurrentPracticeTime, practiceTimer, completeInCompletePracticeCount, and the calls the product
 * left unnamed in the same style; shared/contracts/practice.ts). Who may is policies/practice.ts. Every time is the server's.
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listPractice(tx, req.actor!, req.body, req.now())));

  contractRoute(app, R.students, (req) => req.tx((tx) => listPracticeStudents(tx, req.actor!, req.body)));

  contractRoute(app, R.add, async (req) => answer(await req.tx((tx) => addPractice(tx, req.actor!, req.body, req.now(), app.services.config.appUrl)), M.added));

  contractRoute(app, R.update, async (req) => answer(await req.tx((tx) => updatePractice(tx, req.actor!, req.body, req.now())), M.updated));

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removePractice(tx, req.actor!, req.body.practiceId));
    return answer(null, M.deleted);
  });

  contractRoute(app, R.view, (req) => req.tx((tx) => viewPractice(tx, req.actor!, req.params.id, req.now())));

  contractRoute(app, R.completeItem, async (req) => {
    const item = await req.tx((tx) => completePracticeItem(tx, req.actor!, req.body, req.now()));
    return answer(item, req.body.complete ? M.completed : M.uncompleted);
  });

  contractRoute(app, R.counts, (req) => req.tx((tx) => practiceCounts(tx, req.actor!, req.body.studentId)));

  contractRoute(app, R.currentTime, (req) => req.tx((tx) => currentPracticeTime(tx, req.actor!, req.body.studentId, req.now())));

  contractRoute(app, R.timer, async (req) => {
    const { state, message } = await req.tx((tx) => practiceTimer(tx, req.actor!, req.body, req.now()));
    return answer(state, message);
  });

  contractRoute(app, R.report, (req) => req.tx((tx) => studentPracticeReport(tx, req.actor!, req.body.studentId, req.now())));
};
