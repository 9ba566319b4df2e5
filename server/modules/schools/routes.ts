import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHOOL_MESSAGES as M, SCHOOL_ROUTES as R } from '../../../shared/contracts/schools.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { SETUP_CHECKLIST_ROUTES as SETUP, SETUP_MESSAGES } from '../../../shared/contracts/school-setup.js';
import { dismissSetupChecklist, getSetupChecklist } from './setup-checklist.js';
import { SCHOOL_DETAILS_MESSAGES, SCHOOL_DETAILS_ROUTES as OWN } from '../../../shared/contracts/school-details.js';
import { getOwnSchoolDetails, updateOwnSchoolDetails } from './own-school-details.js';
import { addSchool, changeSchoolStatus, getSchoolDetails, listSchools, removeSchool, updateSchool } from './service.js';

/** The superadmin's schools and private teachers (a private teacher is a school of one); a school's setup checklist and own details. */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;

  contractRoute(app, R.list, (req) => req.tx((tx) => listSchools(tx, req.body)));

  contractRoute(app, R.add, async (req) => {
    const item = await req.tx((tx) => addSchool(tx, s.config.appUrl, req.body));
    return answer(item, req.body.addrole === 'Private teacher' ? M.privateTeacherAdded : M.schoolAdded);
  });

  contractRoute(app, R.update, async (req) => answer(await req.tx((tx) => updateSchool(tx, s.config.appUrl, req.body)), M.updated));

  contractRoute(app, R.changeStatus, async (req) =>
    answer(await req.tx((tx) => changeSchoolStatus(tx, req.body.id, req.body.status)), M.statusChanged));

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeSchool(tx, req.body.id));
    return answer(null, M.deleted);
  });

  contractRoute(app, R.details, (req) => req.tx((tx) => getSchoolDetails(tx, req.params.id)));

  // A school's setup checklist on its dashboard (decision 076).
  contractRoute(app, SETUP.get, (req) => req.tx((tx) => getSetupChecklist(tx, req.actor!, req.params.adminId)));
  contractRoute(app, SETUP.dismiss, async (req) =>
    answer(await req.tx((tx) => dismissSetupChecklist(tx, req.actor!, req.body.adminId, req.now())), SETUP_MESSAGES.dismissed));

  // A school's own details and time zone, kept by its admin (decision 080).
  contractRoute(app, OWN.get, (req) => req.tx((tx) => getOwnSchoolDetails(tx, req.actor!, req.params.adminId)));
  contractRoute(app, OWN.update, async (req) =>
    answer(await req.tx((tx) => updateOwnSchoolDetails(tx, req.actor!, req.body)), SCHOOL_DETAILS_MESSAGES.updated));
};
