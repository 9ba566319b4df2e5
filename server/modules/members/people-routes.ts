import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_KINDS, MEMBER_MESSAGES, MEMBER_ROUTES, ROLE_OF_KIND, type ImportKind, type PeopleRoutes, type PersonKindPath,
} from '../../../shared/contracts/members.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import type { MemberAction } from '../../policies/members.js';
import { requireReach } from './access.js';
import { addMember } from './add-member.js';
import { changeMemberStatus } from './change-member-status.js';
import { memberContext } from './context.js';
import { exportMembers } from './export-members.js';
import { importRoutes } from './import-routes.js';
import { listMembers } from './list-members.js';
import { viewMember } from './member-profile.js';
import { removeMember } from './remove-member.js';
import { resendMemberInvitation } from './resend-invitation.js';
import { checkResendInvitationAllowed } from '../auth/index.js';
import { updateMember } from './update-member.js';
import { updateStudentInstruments } from './update-instruments.js';

/**
 * One list of people (/member/{kind}/...). Function-level rights are checked after the contract's
 * guard and before the body is read (a teacher adding a teacher hears 403, not the form's
 * messages); each record's rights in the service, on the facts it loads.
 */
export const peopleRoutes: FastifyPluginAsyncZod<{ kind: PersonKindPath }> = async (app, { kind }) => {
  const role = ROLE_OF_KIND[kind];
  const R: PeopleRoutes = MEMBER_ROUTES[kind];
  const may = (action: MemberAction) => ({ onRequest: [async (req: FastifyRequest) => void requireReach(req.actor!, action, role)] });

  contractRoute(app, R.list, (req) => {
    const actor = req.actor!;
    const reach = requireReach(actor, 'list', role);
    return req.tx((tx) => listMembers(tx, actor, role, reach, req.body));
  }, may('list'));

  contractRoute(app, R.add, async (req) => answer(await req.tx((tx) => addMember(tx, memberContext(req), kind, req.body)), MEMBER_MESSAGES.added(kind)), may('create'));

  contractRoute(app, R.update, async (req) =>
    answer(await req.tx((tx) => updateMember(tx, memberContext(req), kind, req.body)), MEMBER_MESSAGES.updated(kind)), may('update'));

  contractRoute(app, R.changeStatus, async (req) =>
    answer(await req.tx((tx) => changeMemberStatus(tx, memberContext(req), kind, req.body.id, req.body.status)), MEMBER_MESSAGES.statusChanged), may('changeStatus'));

  contractRoute(app, R.resendInvitation, async (req) => {
    await checkResendInvitationAllowed(app.services.rateLimits, req.actor!.accountableId, req.body.id);
    await req.tx((tx) => resendMemberInvitation(tx, memberContext(req), kind, req.body.id));
    return answer(null, MEMBER_MESSAGES.invitationResent);
  }, may('update'));

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeMember(tx, memberContext(req), kind, req.body.id));
    return answer(null, MEMBER_MESSAGES.deleted(kind));
  }, may('delete'));

  contractRoute(app, R.view, (req) => req.tx((tx) => viewMember(tx, req.actor!, role, req.params.id)), may('view'));

  contractRoute(app, R.export, async (req, reply) => {
    const actor = req.actor!;
    const reach = requireReach(actor, 'export', role);
    const csv = await req.tx((tx) => exportMembers(tx, actor, role, reach, req.query));
    return reply.code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  }, may('export'));

  if (kind === 'students') await app.register(studentRoutes);
  if ((IMPORT_KINDS as readonly string[]).includes(kind)) await app.register(importRoutes, { kind: kind as ImportKind });
};

/** The students' list only: instruments. */
const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const R = MEMBER_ROUTES.students;
  const may = (action: MemberAction) => ({ onRequest: [async (req: FastifyRequest) => void requireReach(req.actor!, action, 'student')] });

  contractRoute(app, R.updateInstruments, async (req) =>
    answer(await req.tx((tx) => updateStudentInstruments(tx, memberContext(req), req.body.id, req.body.instruments)), MEMBER_MESSAGES.instrumentsUpdated), may('updateInstruments'));
};
