import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  genres, studentGenres, studentTeachers, teacherGenres, teacherPayRates, users,
} from '../../db/schema/index.js';
import { fieldError, forbidden } from '../../lib/http-errors.js';
import { mayRunPayroll, type PayrollActor } from '../../policies/payroll.js';
import { setChildrenOfParent, setParentsOfStudent } from '../families/index.js';
import { MEMBER_MESSAGES, type InstrumentInput } from '../../../shared/contracts/members.js';

export const LINK_MESSAGES = {
  teacher: 'Teacher not found',
  parent: 'Parent not found',
  student: 'Student not found',
  genre: 'Instrument/Genre not found',
} as const;

/**
 * Every id names a person of the school in that role (row-level security hides other schools,
 * so another school's id fails like an unknown one). A private teacher is their school's teacher.
 */
async function assertPeople(tx: Tx, adminId: string, ids: string[], role: 'teacher' | 'parent' | 'student', field: string) {
  if (ids.length === 0) return;
  const roleMatch = role === 'teacher'
    ? or(eq(users.role, 'teacher'), and(eq(users.role, 'admin'), eq(users.addrole, 'Private teacher')))
    : eq(users.role, role);
  const found = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), eq(users.adminId, adminId), roleMatch));
  if (found.length !== new Set(ids).size) throw fieldError(field, LINK_MESSAGES[role]);
}

export async function assertGenres(tx: Tx, ids: string[], field: string) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: genres.id }).from(genres).where(inArray(genres.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError(field, LINK_MESSAGES.genre);
}

export type StudentLinks = { instruments: InstrumentInput[]; teacherIds: string[]; parentIds: string[] };

export async function checkStudentLinks(tx: Tx, adminId: string, l: StudentLinks) {
  await assertGenres(tx, l.instruments.map((i) => i.genreId), 'instruments');
  await assertPeople(tx, adminId, l.teacherIds, 'teacher', 'teacherIds');
  await assertPeople(tx, adminId, l.parentIds, 'parent', 'parentIds');
}

export async function writeInstruments(tx: Tx, adminId: string, studentId: string, instruments: InstrumentInput[]) {
  await tx.delete(studentGenres).where(eq(studentGenres.studentId, studentId));
  if (instruments.length > 0) {
    await tx.insert(studentGenres).values(instruments.map((i) => ({ adminId, studentId, genreId: i.genreId, level: i.level })));
  }
}

/** Replaces a student's instruments, teachers and parents with the lists given (parents: see writeParentLinks). */
export async function writeStudentLinks(tx: Tx, adminId: string, studentId: string, l: StudentLinks) {
  await writeInstruments(tx, adminId, studentId, l.instruments);
  await tx.delete(studentTeachers).where(eq(studentTeachers.studentId, studentId));
  const teacherIds = [...new Set(l.teacherIds)];
  if (teacherIds.length > 0) await tx.insert(studentTeachers).values(teacherIds.map((teacherId) => ({ adminId, studentId, teacherId })));
  const parentIds = [...new Set(l.parentIds)];
  await setParentsOfStudent(tx, adminId, studentId, parentIds);
}

export type TeacherLinks = { genreIds: string[]; private_rate?: number; class_group_rate?: number };

/** Pay rates are payroll's (issue 26): a form that carries one from a viewer without the right changes nothing. */
export async function checkTeacherLinks(tx: Tx, actor: PayrollActor, l: TeacherLinks) {
  if ((l.private_rate !== undefined || l.class_group_rate !== undefined) && !mayRunPayroll(actor)) throw forbidden(MEMBER_MESSAGES.payRatesPayroll);
  await assertGenres(tx, l.genreIds, 'genreIds');
}

/**
 * A teacher's instruments and pay rates (the form's rates are cents already). A rate the form
 * leaves out stays as it was; a new teacher's starts at 0.
 */
export async function writeTeacherLinks(tx: Tx, adminId: string, teacherId: string, l: TeacherLinks, mode: 'new' | 'change') {
  await tx.delete(teacherGenres).where(eq(teacherGenres.teacherId, teacherId));
  const genreIds = [...new Set(l.genreIds)];
  if (genreIds.length > 0) await tx.insert(teacherGenres).values(genreIds.map((genreId) => ({ adminId, teacherId, genreId })));
  const given = ([['private', l.private_rate], ['class_group', l.class_group_rate]] as const)
    .map(([lessonKind, cents]) => ({ lessonKind, rateCents: cents ?? (mode === 'new' ? 0 : undefined) }))
    .filter((r): r is { lessonKind: 'private' | 'class_group'; rateCents: number } => r.rateCents !== undefined);
  if (given.length === 0) return;
  await tx.delete(teacherPayRates).where(and(eq(teacherPayRates.teacherId, teacherId), inArray(teacherPayRates.lessonKind, given.map((r) => r.lessonKind))));
  await tx.insert(teacherPayRates).values(given.map((r) => ({ adminId, teacherId, ...r })));
}

export async function checkParentLinks(tx: Tx, adminId: string, childIds: string[]) {
  await assertPeople(tx, adminId, childIds, 'student', 'childIds');
}

/**
 * The form's list is the person's whole set of links: links it leaves out go, whoever made them;
 * links it keeps stay as they were (a family's link stays the family's, decision 008); new ones
 * are direct.
 */
export async function writeParentLinks(tx: Tx, adminId: string, parentId: string, childIds: string[]) {
  const ids = [...new Set(childIds)];
  await setChildrenOfParent(tx, adminId, parentId, ids);
}
