import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { createInvitedUsers } from '../auth/index.js';
import { assertPlanRoom } from '../school-plans/index.js';
import { teacherForm, type ImportPreview } from '../../../shared/contracts/members.js';
import { schoolOf } from './add-member.js';
import type { MemberContext } from './context.js';
import { presentPreview } from './import-preview.js';
import {
  firstErrors, genresByName, inactiveRow, lower, readInstruments, schoolEmailsOf, type ImportFile, type JudgedRow, checkAccount,
} from './import-rows.js';
import { checkTeacherLinks, writeTeacherLinks } from './member-links.js';

/** A teachers file's row as read and judged; `teacher` is set when it can be imported. */
export type CheckedTeacherRow = JudgedRow & { teacher?: z.output<typeof teacherForm> };

/**
 * Judges every row as the teacher form would (decision 095), with the students import's file
 * rules: usernames free on the platform and once in the file, emails free in the school. A
 * teacher already in the school (same email) is skipped. Instruments are names ("Piano; Guitar").
 */
export async function checkTeacherImport(tx: Tx, adminId: string, { records, takenUsernames, madeUsernames }: ImportFile): Promise<CheckedTeacherRow[]> {
  const genreIds = await genresByName(tx);
  const schoolEmails = await schoolEmailsOf(tx, adminId, records);
  const seenUsernames = new Set<string>();
  const seenEmails = new Set<string>();
  return records.map(({ line, values: v }) => {
    const row = { line, first_name: v.first_name, last_name: v.last_name, email: v.email, parentEmail: '', ...inactiveRow(v) };
    if (v.email && schoolEmails.get(lower(v.email))?.role === 'teacher') return { ...row, errors: {}, skipped: true };
    const errors: Record<string, string> = {};
    const instruments = readInstruments(v.instruments, genreIds);
    if (typeof instruments === 'string') errors.instruments = instruments;
    const parsed = teacherForm.safeParse({
      first_name: v.first_name, last_name: v.last_name, username: v.username, email: v.email, cellPhone: v.cellPhone,
      genreIds: typeof instruments === 'string' ? [] : instruments.map((i) => i.genreId),
    });
    if (!parsed.success) Object.assign(errors, firstErrors(parsed.error.issues), errors);
    checkAccount(errors, v, { takenUsernames, madeUsernames, schoolEmails, seenUsernames, seenEmails });
    if (Object.keys(errors).length > 0 || !parsed.success) return { ...row, errors };
    seenUsernames.add(lower(v.username));
    seenEmails.add(lower(v.email));
    return { ...row, errors, teacher: parsed.data };
  });
}

export async function previewTeacherImport(tx: Tx, ctx: MemberContext, file: ImportFile): Promise<ImportPreview> {
  return presentPreview(await checkTeacherImport(tx, schoolOf(ctx), file), file, (r) => Boolean(r.teacher));
}

/**
 * Saves the rows that can be imported in the caller's one transaction, as adding each teacher by
 * hand would: the plan's room for the active ones, an invitation each (none for one imported
 * inactive), their instruments and pay rates of 0 (decision 095). Answers the count.
 */
export async function importTeachers(tx: Tx, ctx: MemberContext, file: ImportFile): Promise<number> {
  const adminId = schoolOf(ctx);
  const rows = (await checkTeacherImport(tx, adminId, file)).filter((r) => r.teacher);
  if (rows.length === 0) return 0;
  await assertPlanRoom(tx, adminId, 'teacher', rows.filter((r) => !r.inactive).length);
  await checkTeacherLinks(tx, ctx.actor, { genreIds: rows.flatMap((r) => r.teacher!.genreIds) });
  const ids = await createInvitedUsers(tx, ctx.appUrl, ctx.actor.user.schoolName ?? '', rows.map(({ teacher: f, inactive }) => ({
    adminId, role: 'teacher', username: f!.username, email: f!.email, firstName: f!.first_name, lastName: f!.last_name, cellPhone: f!.cellPhone,
    active: !inactive,
  })));
  for (const [i, r] of rows.entries()) await writeTeacherLinks(tx, adminId, ids[i]!, r.teacher!, 'new');
  await recordActivity(tx, { adminId, actorId: ctx.actor.accountableId, action: 'member.imported', ip: ctx.actor.ip, meta: { count: rows.length } });
  return rows.length;
}
