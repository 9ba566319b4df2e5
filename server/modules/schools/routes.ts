import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SCHOOL_MESSAGES, schoolForm, schoolIdBody, schoolListBody, schoolStatusBody, schoolUpdateBody,
} from '../../../shared/contracts/schools.js';
import { uuid } from '../../../shared/contracts/common.js';
import { ok } from '../../lib/envelope.js';
import { addSchool, changeSchoolStatus, getSchoolDetails, listSchools, removeSchool, updateSchool } from './service.js';

const tags = ['schools'];

/** The superadmin's schools and private teachers (a private teacher is a school of one). */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth('superadmin'));
  const s = app.services;

  app.post('/getschoolList', { schema: { tags, body: schoolListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listSchools(tx, req.body)));
  });

  app.post('/add', { schema: { tags, body: schoolForm } }, async (req, reply) => {
    const item = await req.tx((tx) => addSchool(tx, s.config.appUrl, req.body));
    return ok(reply, item, req.body.addrole === 'Private teacher' ? SCHOOL_MESSAGES.privateTeacherAdded : SCHOOL_MESSAGES.schoolAdded);
  });

  app.post('/update', { schema: { tags, body: schoolUpdateBody } }, async (req, reply) => {
    const item = await req.tx((tx) => updateSchool(tx, s.config.appUrl, req.body));
    return ok(reply, item, SCHOOL_MESSAGES.updated);
  });

  app.post('/changeStatus', { schema: { tags, body: schoolStatusBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => changeSchoolStatus(tx, req.body.id, req.body.status)), SCHOOL_MESSAGES.statusChanged);
  });

  app.delete('/removeSchool', { schema: { tags, body: schoolIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeSchool(tx, req.body.id));
    return ok(reply, null, SCHOOL_MESSAGES.deleted);
  });

  app.get('/viewProfileBySchoolId/:id', { schema: { tags, params: z.object({ id: uuid }) } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getSchoolDetails(tx, req.params.id)));
  });
};
