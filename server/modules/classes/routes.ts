import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLASS_MESSAGES, classForm, classGroupStudentListBody, classIdBody, classListBody, classUpdateBody,
} from '../../../shared/contracts/classes.js';
import { uuid } from '../../../shared/contracts/common.js';
import { ok } from '../../lib/envelope.js';
import {
  addClass, getClass, listClasses, listClassGroupStudents, removeClass, updateClass,
} from './service.js';

const tags = ['classes'];

/** Classes/Groups under /api/classes; who may do what is the members policy's (kind 'class'). */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/list', { schema: { tags, body: classListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listClasses(tx, req.actor!, req.body)));
  });

  app.post('/add', { schema: { tags, body: classForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addClass(tx, req.actor!, req.body)), CLASS_MESSAGES.added);
  });

  app.post('/update', { schema: { tags, body: classUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateClass(tx, req.actor!, req.body)), CLASS_MESSAGES.updated);
  });

  app.delete('/remove', { schema: { tags, body: classIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeClass(tx, req.actor!, req.body.id));
    return ok(reply, null, CLASS_MESSAGES.deleted);
  });

  app.get('/view/:id', { schema: { tags, params: z.object({ id: uuid }) } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getClass(tx, req.actor!, req.params.id)));
  });
};

/** docs/domains/members.md "Data and calls"'s POST /scheduling/getClassGroupStudentList: a group's students, for a group lesson. */
export const classSchedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/getClassGroupStudentList', {
    schema: { tags: ['scheduling'], body: classGroupStudentListBody },
    onRequest: app.requireAuth(),
  }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => listClassGroupStudents(tx, req.actor!, req.body.classGroupId)) });
  });
};
