import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { EAR_TRAINER_MESSAGES as M, EAR_TRAINER_ROUTES as R } from '../../../shared/contracts/ear-trainer.js';
import { getGoal, setGoal } from './goals-service.js';
import { addSet, listSets, removeSet, updateSet } from './sets-service.js';
import { answerQuestion, getMyTrainer, nextQuestion } from './trainer-service.js';

/** /api/earTrainer: the provider's exercise sets, a student's training, a teacher's goal for a student. */
export const earTrainerRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.getSets, (req) => req.tx((tx) => listSets(tx, req.actor!, req.body)));
  contractRoute(app, R.addSet, async (req) => answer(await req.tx((tx) => addSet(tx, req.actor!, req.body)), M.setAdded));
  contractRoute(app, R.updateSet, async (req) => answer(await req.tx((tx) => updateSet(tx, req.actor!, req.body.id, req.body)), M.setUpdated));
  contractRoute(app, R.removeSet, async (req) => {
    await req.tx((tx) => removeSet(tx, req.actor!, req.body.id));
    return answer(null, M.setDeleted);
  });

  contractRoute(app, R.getMyTrainer, (req) => req.tx((tx) => getMyTrainer(tx, req.actor!)));
  contractRoute(app, R.nextQuestion, (req) => req.tx((tx) => nextQuestion(tx, req.actor!, req.body.setId)));
  contractRoute(app, R.answerQuestion, (req) => req.tx((tx) => answerQuestion(tx, req.actor!, req.body)));

  contractRoute(app, R.getGoal, (req) => req.tx((tx) => getGoal(tx, req.actor!, req.body.studentId)));
  contractRoute(app, R.setGoal, async (req) => {
    const result = await req.tx((tx) => setGoal(tx, req.actor!, req.body));
    return answer(result, result.goal ? M.goalSaved : M.goalRemoved);
  });
};
