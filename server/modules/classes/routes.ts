import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLASS_MESSAGES, CLASS_ROUTES as R } from '../../../shared/contracts/classes.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import {
  addClass, getClass, listClasses, listClassGroupStudents, removeClass, updateClass,
} from './service.js';

/**
 * Classes/Groups under /api/classes; who may do what is the members policy's (kind 'class').
 * Also docs/domains/members.md "Data and calls"'s POST /scheduling/getClassGroupStudentList: a group's students, for a group lesson.
 */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.list, (req) => req.tx((tx) => listClasses(tx, req.actor!, req.body)));

  contractRoute(app, R.add, async (req) => answer(await req.tx((tx) => addClass(tx, req.actor!, req.body)), CLASS_MESSAGES.added));

  contractRoute(app, R.update, async (req) => answer(await req.tx((tx) => updateClass(tx, req.actor!, req.body)), CLASS_MESSAGES.updated));

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeClass(tx, req.actor!, req.body.id));
    return answer(null, CLASS_MESSAGES.deleted);
  });

  contractRoute(app, R.view, (req) => req.tx((tx) => getClass(tx, req.actor!, req.params.id)));

  contractRoute(app, R.groupStudents, async (req) => ({ results: await req.tx((tx) => listClassGroupStudents(tx, req.actor!, req.body.classGroupId)) }));
};
