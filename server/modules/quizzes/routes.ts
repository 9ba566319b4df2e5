import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { notFound } from '../../lib/http-errors.js';
import { toListResult } from '../../lib/paging.js';
import { QUIZ_MESSAGES as M, QUIZ_ROUTES as R } from '../../../shared/contracts/quizzes.js';
import {
  addCategory, addQuestion, addQuiz, listCategories, listQuizzes, publishQuiz, removeCategory, removeQuestion, removeQuiz, updateCategory, updateQuestion,
  updateQuiz, viewQuiz,
} from './authoring.js';
import { listMyAttempts, listPublished, startAttempt, submitAttempt, takeView, viewAttempt } from './attempts.js';
import { presentQuiz } from './presenter.js';

/** Quiz calls under /api/quiz (issue 17): the superadmin writes, students take; who calls is each contract's. */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.categoryList, async (req) => ({ results: await req.tx((tx) => listCategories(tx, req.actor!)) }));
  contractRoute(app, R.categoryAdd, async (req) => answer(await req.tx((tx) => addCategory(tx, req.actor!, req.body.name)), M.categoryAdded));
  contractRoute(app, R.categoryUpdate, async (req) =>
    answer(await req.tx((tx) => updateCategory(tx, req.actor!, req.body.categoryId, req.body.name)), M.categoryUpdated));
  contractRoute(app, R.categoryRemove, async (req) => {
    await req.tx((tx) => removeCategory(tx, req.actor!, req.body.categoryId));
    return answer(null, M.categoryDeleted);
  });

  contractRoute(app, R.getQuizList, async (req) => {
    const page = await req.tx((tx) => listQuizzes(tx, req.actor!, req.body));
    return toListResult(page.rows.map(presentQuiz), page.total, req.body);
  });
  contractRoute(app, R.getQuiz, (req) => req.tx((tx) => viewQuiz(tx, req.actor!, req.body.quizId)));
  contractRoute(app, R.addQuiz, async (req) => answer(await req.tx((tx) => addQuiz(tx, req.actor!, req.body)), M.quizAdded));
  contractRoute(app, R.updateQuiz, async (req) => answer(await req.tx((tx) => updateQuiz(tx, req.actor!, req.body)), M.quizUpdated));
  contractRoute(app, R.removeQuiz, async (req) => {
    await req.tx((tx) => removeQuiz(tx, req.actor!, req.body.quizId));
    return answer(null, M.quizDeleted);
  });
  contractRoute(app, R.publishQuiz, async (req) => {
    const quiz = await req.tx((tx) => publishQuiz(tx, req.actor!, req.body.quizId, req.body.published));
    return answer(quiz, req.body.published ? M.quizPublished : M.quizUnpublished);
  });
  contractRoute(app, R.previewQuiz, async (req) => {
    const view = await req.tx(async (tx) => {
      await viewQuiz(tx, req.actor!, req.body.quizId);
      return takeView(tx, req.body.quizId);
    });
    if (!view) throw notFound(M.quizNotFound);
    return view;
  });

  contractRoute(app, R.questionAdd, async (req) => answer(await req.tx((tx) => addQuestion(tx, req.actor!, req.body)), M.questionAdded));
  contractRoute(app, R.questionUpdate, async (req) => answer(await req.tx((tx) => updateQuestion(tx, req.actor!, req.body)), M.questionUpdated));
  contractRoute(app, R.questionRemove, async (req) => answer(await req.tx((tx) => removeQuestion(tx, req.actor!, req.body.questionId)), M.questionDeleted));

  contractRoute(app, R.getPublishedQuizzes, async (req) => {
    const page = await req.tx((tx) => listPublished(tx, req.actor!, req.body));
    return toListResult(page.rows, page.total, req.body);
  });
  contractRoute(app, R.startAttempt, (req) => req.tx((tx) => startAttempt(tx, req.actor!, req.body.quizId)));
  contractRoute(app, R.submitAttempt, async (req) => {
    const { result, timedOut } = await req.tx((tx) => submitAttempt(tx, req.actor!, req.body));
    return answer(result, timedOut ? M.timedOut : M.submitted);
  });
  contractRoute(app, R.getAttempt, (req) => req.tx((tx) => viewAttempt(tx, req.actor!, req.body.attemptId)));
  contractRoute(app, R.myAttempts, async (req) => ({ results: await req.tx((tx) => listMyAttempts(tx, req.actor!, req.body.quizId)) }));
};
