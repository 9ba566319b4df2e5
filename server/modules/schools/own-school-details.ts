import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import { SCHOOL_DETAILS_MESSAGES as M, type OwnSchoolDetails, type ownSchoolDetailsBody } from '../../../shared/contracts/school-details.js';
import { schoolColumns } from './service.js';

/**
 * A school's own details and time zone, kept by its admin (docs/decisions/080-a-school-changes-its-time-zone.md).
 * The zone is one column: every stored time is an instant (UTC) and is read on the school's clock
 * through it, so changing it moves how times read, never what is stored.
 */

type DetailsBody = z.output<typeof ownSchoolDetailsBody>;

/** Its own school only: another school's id is unknown (404), as everywhere (decision 009). */
function assertOwnSchool(actor: Actor, adminId: string) {
  if (actor.adminId !== adminId) throw notFound(M.notFound);
}

export async function getOwnSchoolDetails(tx: Tx, actor: Actor, adminId: string): Promise<OwnSchoolDetails> {
  assertOwnSchool(actor, adminId);
  const [row] = await tx.select().from(schools).where(and(eq(schools.adminId, adminId), isNull(schools.deletedAt))).limit(1);
  if (!row) throw notFound(M.notFound);
  return {
    adminId: row.adminId, school_name: row.schoolName, working_phone: row.workingPhone, address1: row.address1, city: row.city,
    state: row.state, postal_code: row.postalCode, country: row.country, time_zone: row.timeZone,
  };
}

export async function updateOwnSchoolDetails(tx: Tx, actor: Actor, body: DetailsBody): Promise<OwnSchoolDetails> {
  assertOwnSchool(actor, body.adminId);
  const updated = await tx.update(schools).set({ ...schoolColumns(body), timeZone: body.time_zone })
    .where(and(eq(schools.adminId, body.adminId), isNull(schools.deletedAt))).returning({ adminId: schools.adminId });
  if (updated.length === 0) throw notFound(M.notFound);
  return getOwnSchoolDetails(tx, actor, body.adminId);
}
