import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '../../../shared/contracts/common.js';
import {
  importBody, MEMBER_MESSAGES, memberExportQuery, memberIdBody, memberListBody, memberStatusBody, PERSON_FORMS,
  PERSON_UPDATE_FORMS, ROLE_OF_KIND, updateInstrumentsBody, type PersonKindPath,
} from '../../../shared/contracts/members.js';
import { ok } from '../../lib/envelope.js';
import type { MemberAction } from '../../policies/members.js';
import { requireReach } from './access.js';
import { addMember } from './add-member.js';
import { changeMemberStatus } from './change-member-status.js';
import { memberContext } from './context.js';
import { exportMembers } from './export-members.js';
import { readImportFile } from './import-rows.js';
import { importStudents, previewImport } from './import-students.js';
import { listMembers } from './list-members.js';
import { viewMember } from './member-profile.js';
import { removeMember } from './remove-member.js';
import { resendMemberInvitation } from './resend-invitation.js';
import { checkResendInvitationAllowed } from '../auth/index.js';
import { updateMember } from './update-member.js';
import { updateStudentInstruments } from './update-instruments.js';

/** A CSV of IMPORT body size, JSON-escaped, fits in this. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * One list of people (/member/{kind}/...). Function-level rights are checked before the body is
 * read (a teacher adding a teacher hears 403, not the form's messages); each record's rights in
 * the service, on the facts it loads.
 */
export const peopleRoutes: FastifyPluginAsyncZod<{ kind: PersonKindPath }> = async (app, { kind }) => {
  const role = ROLE_OF_KIND[kind];
  const tags = ['members'];
  app.addHook('onRequest', app.requireAuth());
  const may = (action: MemberAction) => async (req: FastifyRequest) => void requireReach(req.actor!, action, role);

  app.post('/list', { schema: { tags, body: memberListBody }, preValidation: may('list') }, async (req, reply) => {
    const actor = req.actor!;
    const reach = requireReach(actor, 'list', role);
    return ok(reply, await req.tx((tx) => listMembers(tx, actor, role, reach, req.body)));
  });

  app.post('/add', { schema: { tags, body: PERSON_FORMS[kind] }, preValidation: may('create') }, async (req, reply) => {
    const item = await req.tx((tx) => addMember(tx, memberContext(req), kind, req.body));
    return ok(reply, item, MEMBER_MESSAGES.added(kind));
  });

  app.post('/update', { schema: { tags, body: PERSON_UPDATE_FORMS[kind] }, preValidation: may('update') }, async (req, reply) => {
    const item = await req.tx((tx) => updateMember(tx, memberContext(req), kind, req.body));
    return ok(reply, item, MEMBER_MESSAGES.updated(kind));
  });

  app.post('/changeStatus', { schema: { tags, body: memberStatusBody }, preValidation: may('changeStatus') }, async (req, reply) => {
    const item = await req.tx((tx) => changeMemberStatus(tx, memberContext(req), kind, req.body.id, req.body.status));
    return ok(reply, item, MEMBER_MESSAGES.statusChanged);
  });

  app.post('/resendInvitation', { schema: { tags, body: memberIdBody }, preValidation: may('update') }, async (req, reply) => {
    await checkResendInvitationAllowed(app.services.rateLimits, req.actor!.accountableId, req.body.id);
    await req.tx((tx) => resendMemberInvitation(tx, memberContext(req), kind, req.body.id));
    return ok(reply, null, MEMBER_MESSAGES.invitationResent);
  });

  app.delete('/remove', { schema: { tags, body: memberIdBody }, preValidation: may('delete') }, async (req, reply) => {
    await req.tx((tx) => removeMember(tx, memberContext(req), kind, req.body.id));
    return ok(reply, null, MEMBER_MESSAGES.deleted(kind));
  });

  app.get('/view/:id', { schema: { tags, params: z.object({ id: uuid }) }, preValidation: may('view') }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => viewMember(tx, req.actor!, role, req.params.id)));
  });

  app.get('/export', { schema: { tags, querystring: memberExportQuery }, preValidation: may('export') }, async (req, reply) => {
    const actor = req.actor!;
    const reach = requireReach(actor, 'export', role);
    const csv = await req.tx((tx) => exportMembers(tx, actor, role, reach, req.query));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  if (role !== 'student') return;

  app.post('/updateInstruments', { schema: { tags, body: updateInstrumentsBody }, preValidation: may('updateInstruments') }, async (req, reply) => {
    const item = await req.tx((tx) => updateStudentInstruments(tx, memberContext(req), req.body.id, req.body.instruments));
    return ok(reply, item, MEMBER_MESSAGES.instrumentsUpdated);
  });

  app.post('/import/preview', { schema: { tags, body: importBody }, preValidation: may('import'), bodyLimit: IMPORT_BODY_LIMIT }, async (req, reply) => {
    return ok(reply, await req.tx(async (tx) => previewImport(tx, memberContext(req), await readImportFile(tx, req.body.csv))));
  });

  app.post('/import', { schema: { tags, body: importBody }, preValidation: may('import'), bodyLimit: IMPORT_BODY_LIMIT }, async (req, reply) => {
    const count = await req.tx(async (tx) => importStudents(tx, memberContext(req), await readImportFile(tx, req.body.csv)));
    return ok(reply, { count }, MEMBER_MESSAGES.importDone(count));
  });
};
