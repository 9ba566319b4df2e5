import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/http-errors.js';
import { toListResult } from '../../lib/paging.js';
import { TAKE_ROLES, WRITE_ROLES } from '../../policies/quizzes.js';
import {
  QUIZ_MESSAGES as M, addQuestionBody, attemptIdBody, categoryBody, categoryIdBody, categoryUpdateBody, myAttemptsBody, publishBody, publishedListBody,
  questionIdBody, quizFields, quizIdBody, quizListBody, quizUpdateBody, startAttemptBody, submitAttemptBody, updateQuestionBody,
} from '../../../shared/contracts/quizzes.js';
import {
  addCategory, addQuestion, addQuiz, listCategories, listQuizzes, publishQuiz, removeCategory, removeQuestion, removeQuiz, updateCategory, updateQuestion,
  updateQuiz, viewQuiz,
} from './authoring.js';
import { listMyAttempts, listPublished, startAttempt, submitAttempt, takeView, viewAttempt } from './attempts.js';
import { presentQuiz } from './presenter.js';

const tags = ['quizzes'];

/** Quiz calls under /api/quiz (issue 17): the superadmin writes, students take. */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = app.requireAuth(...WRITE_ROLES);
  const take = app.requireAuth(...TAKE_ROLES);
  const read = app.requireAuth(...WRITE_ROLES, ...TAKE_ROLES);

  app.post('/category/list', { schema: { tags }, onRequest: read }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => listCategories(tx, req.actor!)) });
  });
  app.post('/category/add', { schema: { tags, body: categoryBody }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addCategory(tx, req.actor!, req.body.name)), M.categoryAdded);
  });
  app.post('/category/update', { schema: { tags, body: categoryUpdateBody }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateCategory(tx, req.actor!, req.body.categoryId, req.body.name)), M.categoryUpdated);
  });
  app.delete('/category/remove', { schema: { tags, body: categoryIdBody }, onRequest: write }, async (req, reply) => {
    await req.tx((tx) => removeCategory(tx, req.actor!, req.body.categoryId));
    return ok(reply, null, M.categoryDeleted);
  });

  app.post('/getQuizList', { schema: { tags, body: quizListBody }, onRequest: write }, async (req, reply) => {
    const page = await req.tx((tx) => listQuizzes(tx, req.actor!, req.body));
    return ok(reply, toListResult(page.rows.map(presentQuiz), page.total, req.body));
  });
  app.post('/getQuiz', { schema: { tags, body: quizIdBody }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => viewQuiz(tx, req.actor!, req.body.quizId)));
  });
  app.post('/addQuiz', { schema: { tags, body: quizFields }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addQuiz(tx, req.actor!, req.body)), M.quizAdded);
  });
  app.post('/updateQuiz', { schema: { tags, body: quizUpdateBody }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateQuiz(tx, req.actor!, req.body)), M.quizUpdated);
  });
  app.delete('/removeQuiz', { schema: { tags, body: quizIdBody }, onRequest: write }, async (req, reply) => {
    await req.tx((tx) => removeQuiz(tx, req.actor!, req.body.quizId));
    return ok(reply, null, M.quizDeleted);
  });
  app.post('/publishQuiz', { schema: { tags, body: publishBody }, onRequest: write }, async (req, reply) => {
    const quiz = await req.tx((tx) => publishQuiz(tx, req.actor!, req.body.quizId, req.body.published));
    return ok(reply, quiz, req.body.published ? M.quizPublished : M.quizUnpublished);
  });
  /** Preview as a student: the take view of any of the provider's quizzes, drafts included. */
  app.post('/previewQuiz', { schema: { tags, body: quizIdBody }, onRequest: write }, async (req, reply) => {
    const view = await req.tx(async (tx) => {
      await viewQuiz(tx, req.actor!, req.body.quizId);
      return takeView(tx, req.body.quizId);
    });
    if (!view) throw notFound(M.quizNotFound);
    return ok(reply, view);
  });

  app.post('/question/add', { schema: { tags, body: addQuestionBody }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addQuestion(tx, req.actor!, req.body)), M.questionAdded);
  });
  app.post('/question/update', { schema: { tags, body: updateQuestionBody }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateQuestion(tx, req.actor!, req.body)), M.questionUpdated);
  });
  app.delete('/question/remove', { schema: { tags, body: questionIdBody }, onRequest: write }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => removeQuestion(tx, req.actor!, req.body.questionId)), M.questionDeleted);
  });

  app.post('/getPublishedQuizzes', { schema: { tags, body: publishedListBody }, onRequest: take }, async (req, reply) => {
    const page = await req.tx((tx) => listPublished(tx, req.actor!, req.body));
    return ok(reply, toListResult(page.rows, page.total, req.body));
  });
  app.post('/startAttempt', { schema: { tags, body: startAttemptBody }, onRequest: take }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => startAttempt(tx, req.actor!, req.body.quizId)));
  });
  app.post('/submitAttempt', { schema: { tags, body: submitAttemptBody }, onRequest: take }, async (req, reply) => {
    const { result, timedOut } = await req.tx((tx) => submitAttempt(tx, req.actor!, req.body));
    return ok(reply, result, timedOut ? M.timedOut : M.submitted);
  });
  app.post('/getAttempt', { schema: { tags, body: attemptIdBody }, onRequest: take }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => viewAttempt(tx, req.actor!, req.body.attemptId)));
  });
  app.post('/myAttempts', { schema: { tags, body: myAttemptsBody }, onRequest: take }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => listMyAttempts(tx, req.actor!, req.body.quizId)) });
  });
};
