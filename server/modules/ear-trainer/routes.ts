import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { GOAL_ROLES, SET_WRITER_ROLES, TRAINEE_ROLES } from '../../policies/ear-trainer.js';
import {
  EAR_TRAINER_MESSAGES as M, answerQuestionBody, nextQuestionBody, setBody, setGoalBody, setIdBody, setListBody, studentIdBody, updateSetBody,
} from '../../../shared/contracts/ear-trainer.js';
import { getGoal, setGoal } from './goals-service.js';
import { addSet, listSets, removeSet, updateSet } from './sets-service.js';
import { answerQuestion, getMyTrainer, nextQuestion } from './trainer-service.js';

const tags = ['earTrainer'];

/** /api/earTrainer: the provider's exercise sets, a student's training, a teacher's goal for a student. */
export const earTrainerRoutes: FastifyPluginAsyncZod = async (app) => {
  const superadmin = app.requireAuth(...SET_WRITER_ROLES);
  const student = app.requireAuth(...TRAINEE_ROLES);
  const goals = app.requireAuth(...GOAL_ROLES);

  app.post('/getSets', { schema: { tags, body: setListBody }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listSets(tx, req.actor!, req.body)));
  });
  app.post('/addSet', { schema: { tags, body: setBody }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addSet(tx, req.actor!, req.body)), M.setAdded);
  });
  app.post('/updateSet', { schema: { tags, body: updateSetBody }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateSet(tx, req.actor!, req.body.id, req.body)), M.setUpdated);
  });
  app.delete('/removeSet', { schema: { tags, body: setIdBody }, onRequest: superadmin }, async (req, reply) => {
    await req.tx((tx) => removeSet(tx, req.actor!, req.body.id));
    return ok(reply, null, M.setDeleted);
  });

  app.post('/getMyTrainer', { schema: { tags }, onRequest: student }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getMyTrainer(tx, req.actor!)));
  });
  app.post('/nextQuestion', { schema: { tags, body: nextQuestionBody }, onRequest: student }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => nextQuestion(tx, req.actor!, req.body.setId)));
  });
  app.post('/answerQuestion', { schema: { tags, body: answerQuestionBody }, onRequest: student }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => answerQuestion(tx, req.actor!, req.body)));
  });

  app.post('/getGoal', { schema: { tags, body: studentIdBody }, onRequest: goals }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getGoal(tx, req.actor!, req.body.studentId)));
  });
  app.post('/setGoal', { schema: { tags, body: setGoalBody }, onRequest: goals }, async (req, reply) => {
    const result = await req.tx((tx) => setGoal(tx, req.actor!, req.body));
    return ok(reply, result, result.goal ? M.goalSaved : M.goalRemoved);
  });
};
