import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonStudents } from '../../../db/schema/index.js';
import { TEXT_MAX } from '../../../../shared/constants.js';
import { parseCsv } from '../../../lib/csv.js';
import { rawCall } from '../../../test/test-app.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
let sharedId: string;
let privateId: string;

const report = (token: string) => w.t.call('POST', '/api/reporting/getAttendance', { token, body: { from: '2026-01-01', to: '2026-01-31', studentId: w.a.student.id } });
const notesOf = async (token: string) => {
  const res = await report(token);
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.data.results as { lessonId: string; note: string | null }[]).map((r) => [r.lessonId, r.note]));
};
const rowOf = async (lessonId: string) => (await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessonStudents).where(eq(lessonStudents.lessonId, lessonId))))[0]!;

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  const oneOff = (date: string) => w.api.ok('/addLesson', w.tok.admin, { ...weeklyLesson(w.a, w.types.private), repeat: 'none', date });
  sharedId = (await oneOff('2026-01-05'))._id;
  privateId = (await oneOff('2026-01-12'))._id;
  await w.api.ok('/takeAttendance', w.tok.teacher, { lessonId: sharedId, attendance: [{ studentId: w.a.student.id, status: 'present', note: '  Scales much better.\nPractise bar 12.  ', noteShared: true }] });
  await w.api.ok('/takeAttendance', w.tok.teacher, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'late', note: 'Seemed tired', noteShared: false }] });
});
afterAll(() => w.t.close());

describe('teacher notes when taking attendance', () => {
  it('stores a trimmed multiline note and whether it is shared', async () => {
    expect(await rowOf(sharedId)).toMatchObject({ note: 'Scales much better.\nPractise bar 12.', noteShared: true, attendance: 'present' });
    expect(await rowOf(privateId)).toMatchObject({ note: 'Seemed tired', noteShared: false });
  });

  it('keeps the note when an older caller saves without one, and clears it on an empty note', async () => {
    await w.api.ok('/takeAttendance', w.tok.admin, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'absent' }] });
    expect(await rowOf(privateId)).toMatchObject({ attendance: 'absent', note: 'Seemed tired', noteShared: false });
    await w.api.ok('/takeAttendance', w.tok.admin, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'late', note: '', noteShared: false }] });
    expect((await rowOf(privateId)).note).toBeNull();
    await w.api.ok('/takeAttendance', w.tok.teacher, { lessonId: privateId, attendance: [{ studentId: w.a.student.id, status: 'late', note: 'Seemed tired', noteShared: false }] });
  });

  it('refuses a note too long, with control characters, or a share flag not a boolean', async () => {
    const mark = (extra: Record<string, unknown>) => w.api.call('/takeAttendance', w.tok.teacher, { lessonId: sharedId, attendance: [{ studentId: w.a.student.id, status: 'present', ...extra }] });
    for (const extra of [{ note: 'x'.repeat(TEXT_MAX + 1) }, { note: 'bell\u0007' }, { noteShared: 'yes' }]) {
      const res = await mark(extra);
      expect(res.status).toBe(400);
    }
    expect((await mark({ note: 'x'.repeat(TEXT_MAX + 1) })).body.message).toBe(`The note should allow only ${TEXT_MAX} characters.`);
  });

  it('gives staff and the teacher every note, the family only shared ones', async () => {
    for (const token of [w.tok.admin, w.tok.subadmin, w.tok.teacher]) {
      expect(await notesOf(token)).toEqual({ [sharedId]: 'Scales much better.\nPractise bar 12.', [privateId]: 'Seemed tired' });
    }
    for (const token of [w.tok.student, w.tok.parent]) {
      expect(await notesOf(token)).toEqual({ [sharedId]: 'Scales much better.\nPractise bar 12.', [privateId]: null });
    }
  });

  it('exports the notes in a Notes column by the same rule: the family only the shared ones', async () => {
    const exportFor = async (token: string) => {
      const res = await rawCall(w.t, 'POST', '/api/reporting/exportAttendance', { token, body: { from: '2026-01-01', to: '2026-01-31', studentId: w.a.student.id }, status: 200 });
      const [header, ...rows] = parseCsv(res.text);
      expect(header?.at(-1)).toBe('Notes');
      return rows.map((r) => [r[0], r.at(-1)]);
    };
    for (const token of [w.tok.admin, w.tok.subadmin, w.tok.teacher]) {
      expect(await exportFor(token)).toEqual([['2026-01-05', 'Scales much better.\nPractise bar 12.'], ['2026-01-12', 'Seemed tired']]);
    }
    for (const token of [w.tok.student, w.tok.parent]) {
      expect(await exportFor(token)).toEqual([['2026-01-05', 'Scales much better.\nPractise bar 12.'], ['2026-01-12', '']]);
    }
  });

  it('shows the notes on the lesson to whom may take attendance, not to the family', async () => {
    const staff = await w.api.ok('/getLesson', w.tok.teacher, { id: privateId });
    expect(staff.studentAttendance).toEqual([expect.objectContaining({ note: 'Seemed tired', noteShared: false })]);
    const family = await w.api.ok('/getLesson', w.tok.parent, { id: sharedId });
    // The family reads its shared notes in the history (the report), never on the lesson.
    expect(JSON.stringify(family)).not.toContain('Scales');
  });
});
