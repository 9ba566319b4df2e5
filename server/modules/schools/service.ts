import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { schools, users } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { queueEmail } from '../../services/email/queue-email.js';
import { removalKind, TABLES_WITHOUT_HISTORY } from '../../policies/schools.js';
import {
  SCHOOL_MESSAGES, type schoolForm, type schoolListBody, type schoolUpdateBody,
} from '../../../shared/contracts/schools.js';
import { INVITATION_LINK_HOURS } from '../../../shared/constants.js';
import { invitationEmail } from '../../services/email/invitation-email.js';
import {
  assertUsernameFree, createAccount, deactivateSchoolAccounts, deleteAccount, endSessionsOfSchool, issueUserToken, reinviteAfterEmailChange, rethrowUniqueUser,
  updateAccount,
} from '../auth/index.js';
import { presentSchoolDetails, presentSchoolItem, type SchoolWithOwner } from './presenter.js';

type SchoolInput = z.output<typeof schoolForm>;
type SchoolUpdate = z.output<typeof schoolUpdateBody>;
type ListQuery = z.output<typeof schoolListBody>;

const NOT_FOUND = 'School not found';

/** The schools that exist for the superadmin: owners of role admin whose school is not removed. */
const listed = and(eq(users.role, 'admin'), isNull(schools.deletedAt));

function selectSchools(tx: Tx) {
  return tx.select({ owner: users, school: schools }).from(users).innerJoin(schools, eq(schools.adminId, users.id));
}

export async function listSchools(tx: Tx, q: ListQuery) {
  const base: (SQL | undefined)[] = [listed, eq(users.addrole, q.addrole)];
  if (q.search) {
    const like = likePattern(q.search);
    base.push(or(
      ilike(schools.schoolName, like), ilike(users.firstName, like), ilike(users.lastName, like),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.username, like), ilike(users.email, like),
    ));
  }
  const filters = [...base];
  if (q.status) filters.push(eq(users.status, q.status === 'active'));
  const where = and(...filters);
  const direction = q.orderBy === -1 ? desc : asc;
  const sortColumn = q.sortBy === 'school_name' ? sql`lower(${schools.schoolName})` : schools.createdAt;
  const rows = await tx
    .select({ owner: users, school: schools, total: totalRows })
    .from(users).innerJoin(schools, eq(schools.adminId, users.id))
    .where(where)
    .orderBy(direction(sortColumn), direction(users.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(users).innerJoin(schools, eq(schools.adminId, users.id)).where(where);
    return row?.count ?? 0;
  });
  // The counts ignore the status filter (they are the tabs' numbers) but follow the search.
  const [counts] = await tx
    .select({
      activeCount: sql<number>`count(*) filter (where ${users.status})::int`,
      inactiveCount: sql<number>`count(*) filter (where not ${users.status})::int`,
    })
    .from(users).innerJoin(schools, eq(schools.adminId, users.id)).where(and(...base));
  return toListResult(rows.map(presentSchoolItem), total, q, { activeCount: counts?.activeCount ?? 0, inactiveCount: counts?.inactiveCount ?? 0 });
}

async function findSchool(tx: Tx, id: string): Promise<SchoolWithOwner> {
  const [row] = await selectSchools(tx).where(and(eq(users.id, id), listed)).limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** An owner's email may not be another school owner's, nor another person's of the same school. */
async function assertEmailFree(tx: Tx, email: string, schoolId: string | null) {
  const sameEmail = sql`lower(${users.email}) = lower(${email})`;
  const clash = schoolId
    ? and(sameEmail, ne(users.id, schoolId), or(eq(users.role, 'admin'), eq(users.adminId, schoolId)))
    : and(sameEmail, eq(users.role, 'admin'));
  const [taken] = await tx.select({ id: users.id }).from(users).where(clash).limit(1);
  if (taken) throw fieldError('email', SCHOOL_MESSAGES.emailTaken);
}

/** The school row's contact columns, from the provider's form or the school's own (own-school-details.ts). */
export const schoolColumns = (f: Pick<SchoolInput, 'school_name' | 'working_phone' | 'address1' | 'city' | 'state' | 'postal_code' | 'country'>) => ({
  schoolName: f.school_name,
  workingPhone: f.working_phone,
  address1: f.address1,
  city: f.city,
  state: f.state,
  postalCode: f.postal_code,
  country: f.country,
});

/**
 * The owner (role admin, no password yet) and the school, in the superadmin's request
 * transaction with the invitation: a 72-hour single-use reset link to set their own password.
 */
export async function addSchool(tx: Tx, appUrl: string, f: SchoolInput) {
  await assertUsernameFree(tx, f.username);
  await assertEmailFree(tx, f.email, null);
  const id = randomUUID();
  await createAccount(tx, {
    id, adminId: id, role: 'admin', addrole: f.addrole, username: f.username, email: f.email, passwordHash: null,
    firstName: f.first_name, lastName: f.last_name, cellPhone: f.working_phone,
  }).catch(rethrowUniqueUser);
  await tx.insert(schools).values({ adminId: id, ...schoolColumns(f) });
  const token = await issueUserToken(tx, id, 'reset', INVITATION_LINK_HOURS * 3_600_000);
  const email = invitationEmail(f.first_name, f.school_name, `${appUrl}/acceptinvitation/${token}`);
  await queueEmail(tx, { ...email, to: f.email, kind: 'invitation', adminId: id, userId: id });
  return presentSchoolItem(await findSchool(tx, id));
}

/** A changed owner's address is not proven yet, and the links mailed to the old one stop working. */
export async function updateSchool(tx: Tx, appUrl: string, f: SchoolUpdate) {
  const { owner } = await findSchool(tx, f.id);
  await assertEmailFree(tx, f.email, owner.id);
  const emailChanged = f.email.toLowerCase() !== owner.email?.toLowerCase();
  await updateAccount(tx, owner.id, {
    firstName: f.first_name, lastName: f.last_name, email: f.email, addrole: f.addrole, updatedAt: new Date(),
    ...(emailChanged ? { emailVerifiedAt: null } : {}),
  }).catch(rethrowUniqueUser);
  await tx.update(schools).set(schoolColumns(f)).where(eq(schools.adminId, owner.id));
  if (emailChanged) await reinviteAfterEmailChange(tx, appUrl, f.school_name, { ...owner, adminId: owner.id, firstName: f.first_name, email: f.email });
  return presentSchoolItem(await findSchool(tx, owner.id));
}

/** A deactivated school's people cannot sign in (loginUser) and their sessions end now. */
export async function changeSchoolStatus(tx: Tx, id: string, status: boolean) {
  const { owner } = await findSchool(tx, id);
  await updateAccount(tx, owner.id, { status, updatedAt: new Date() });
  if (!status) await endSessionsOfSchool(tx, owner.id);
  return presentSchoolItem(await findSchool(tx, owner.id));
}

/** The school tables (any table with an admin_id) that hold rows of this school, besides those without history. */
async function tablesWithRows(tx: Tx, schoolId: string): Promise<string[]> {
  const found = await tx.execute(sql`select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'admin_id' order by table_name`);
  const tables = found.rows.map((r) => String(r.table_name)).filter((t) => !TABLES_WITHOUT_HISTORY.includes(t));
  const withRows: string[] = [];
  for (const table of tables) {
    const res = await tx.execute(sql`select exists (select 1 from ${sql.identifier(table)} where admin_id = ${schoolId}) as found`);
    if (res.rows[0]?.found === true) withRows.push(table);
  }
  return withRows;
}

/** Decision 007: a school with nothing but its owner is deleted; any other is hidden and deactivated. */
export async function removeSchool(tx: Tx, id: string): Promise<'hard' | 'soft'> {
  const { owner } = await findSchool(tx, id);
  const [others] = await tx.select({ count: sql<number>`count(*)::int` }).from(users).where(and(eq(users.adminId, owner.id), ne(users.id, owner.id)));
  const kind = removalKind({ otherUsers: others?.count ?? 0, historyTables: await tablesWithRows(tx, owner.id) });
  if (kind === 'hard') {
    // Cascades to the school row, its sessions, tokens, outbox and audit rows.
    await deleteAccount(tx, owner.id);
    return kind;
  }
  await tx.update(schools).set({ deletedAt: new Date() }).where(eq(schools.adminId, owner.id));
  await deactivateSchoolAccounts(tx, owner.id);
  await endSessionsOfSchool(tx, owner.id);
  return kind;
}

export async function getSchoolDetails(tx: Tx, id: string) {
  const row = await findSchool(tx, id);
  const [counts] = await tx
    .select({
      teacherCount: sql<number>`count(*) filter (where ${users.role} = 'teacher')::int`,
      studentCount: sql<number>`count(*) filter (where ${users.role} = 'student')::int`,
      activeStudentCount: sql<number>`count(*) filter (where ${users.role} = 'student' and ${users.status})::int`,
    })
    .from(users).where(eq(users.adminId, row.owner.id));
  // A private teacher is the one teacher of their school.
  const ownTeacher = row.owner.addrole === 'Private teacher' ? 1 : 0;
  return presentSchoolDetails(row, {
    teacherCount: (counts?.teacherCount ?? 0) + ownTeacher,
    studentCount: counts?.studentCount ?? 0,
    activeStudentCount: counts?.activeStudentCount ?? 0,
  });
}
