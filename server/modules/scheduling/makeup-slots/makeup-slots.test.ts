import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeupCredits, studentTeachers } from '../../../db/schema/index.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { sessionToken } from '../../../test/test-app.js';
import { schedulingWorld, setSchoolZone } from '../test-kit.js';

/** Open make-up slots (decision 028): published by staff or the teacher, booked by families with a credit. */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
let teacher2: TestUser;
let teacher2Token: string;
const extra: TestUser[] = [];
const extraTokens: string[] = [];
/** Each student's credit (student id → credit id). */
const credit: Record<string, string> = {};
const ZONE = 'America/New_York';
const day = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toISODate()!;
type Slot = { _id: string; start: string; booked: number; capacity: number; canRemove: boolean; lessonId: string | null; teacher: { _id: string } };

const slotForm = (extraFields: Record<string, unknown> = {}) => ({
  teacherId: w.a.teacher.id, lessonTypeId: w.types.private, date: day(10), startTime: '10:00', durationMinutes: 30, ...extraFields,
});
async function addSlot(token: string, fields: Record<string, unknown> = {}): Promise<Slot> {
  return w.api.ok('/makeupSlot/add', token, slotForm(fields));
}
const listIds = async (token: string, body: Record<string, unknown> = {}) =>
  ((await w.api.ok('/makeupSlot/list', token, body)).results as Slot[]).map((s) => s._id);

beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, ZONE);
  teacher2 = await createUser(w.t.db, 'teacher', w.a.adminId);
  teacher2Token = await sessionToken(w.t, teacher2.id);
  for (let i = 0; i < 6; i++) {
    const s = await createUser(w.t.db, 'student', w.a.adminId, { firstName: `Racer${i}` });
    extra.push(s);
    extraTokens.push(await sessionToken(w.t, s.id));
  }
  await w.t.db.transaction({ kind: 'all' }, (tx) =>
    tx.insert(studentTeachers).values(extra.map((s) => ({ adminId: w.a.adminId, studentId: s.id, teacherId: w.a.teacher.id }))));
  // One cancelled lesson, banked by hand, gives everyone a credit; the other student is teacher 2's.
  const everyone = [w.a.student.id, ...extra.map((s) => s.id)];
  const lesson = await w.api.ok('/addLesson', w.tok.admin, { teacherId: w.a.teacher.id, lessonTypeId: w.types.private, studentIds: everyone, date: day(5), startTime: '16:00', durationMinutes: 30 });
  await w.api.ok('/cancelLesson', w.tok.admin, { id: lesson._id, cancelReason: 'Snow', bank: true, grantAnyway: true });
  const theirs = await w.api.ok('/addLesson', w.tok.admin, { teacherId: teacher2.id, lessonTypeId: w.types.private, studentIds: [w.a.otherStudent.id], date: day(5), startTime: '17:00', durationMinutes: 30 });
  await w.api.ok('/cancelLesson', w.tok.admin, { id: theirs._id, cancelReason: 'Snow', bank: true, grantAnyway: true });
  const rows = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(makeupCredits).where(eq(makeupCredits.adminId, w.a.adminId)));
  for (const r of rows) credit[r.studentId] = r.id;
});
afterAll(() => w.t.close());

describe('makeupSlot/add', () => {
  it('lets staff publish for any teacher and a teacher for themself, within the school', async () => {
    expect((await w.api.call('/makeupSlot/add', undefined, slotForm())).status).toBe(401);
    for (const who of ['student', 'parent'] as const) expect((await w.api.call('/makeupSlot/add', w.tok[who], slotForm())).status).toBe(403);
    const other = await w.api.call('/makeupSlot/add', w.tok.teacher, slotForm({ teacherId: teacher2.id }));
    expect(other.status).toBe(403);
    const foreign = await w.api.call('/makeupSlot/add', w.tokB.admin, slotForm({ lessonTypeId: w.typesB.private }));
    expect(foreign.body.errors).toEqual({ teacherId: 'Please choose a teacher of this school' });
    const group = await w.api.call('/makeupSlot/add', w.tok.admin, slotForm({ lessonTypeId: w.types.group }));
    expect(group.body.errors).toEqual({ lessonTypeId: 'A make-up is a private lesson; please choose a private lesson type' });
    const past = await w.api.call('/makeupSlot/add', w.tok.admin, slotForm({ date: day(-1) }));
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Please choose a time in the future');
    const bad = await w.api.call('/makeupSlot/add', w.tok.admin, { capacity: 0, durationMinutes: 2 });
    expect(bad.body.errors).toMatchObject({ teacherId: 'Teacher is Required', capacity: 'Capacity is at least 1', durationMinutes: 'A lesson lasts at least 5 minutes' });

    const mine = await addSlot(w.tok.teacher, { startTime: '09:00' });
    expect(mine).toMatchObject({ capacity: 1, booked: 0, canRemove: true, lessonId: null, start: `${day(10)}T09:00:00${mine.start.slice(-6)}` });
    const clash = await w.api.call('/makeupSlot/add', w.tok.admin, slotForm({ startTime: '16:00', date: day(12) }));
    expect(clash.status).toBe(200);
    await w.api.ok('/addLesson', w.tok.admin, { teacherId: w.a.teacher.id, lessonTypeId: w.types.private, studentIds: [w.a.student.id], date: day(13), startTime: '16:00', durationMinutes: 30 });
    const busy = await w.api.call('/makeupSlot/add', w.tok.admin, slotForm({ date: day(13), startTime: '16:15' }));
    expect(busy.status).toBe(409);
  });
});

describe('makeupSlot/list and book', () => {
  it('shows staff every slot, a teacher their own, a family the open slots of its own teachers', async () => {
    const own = await addSlot(w.tok.admin, { startTime: '11:00' });
    const t2 = await addSlot(w.tok.admin, { teacherId: teacher2.id, startTime: '11:00' });
    const soon = DateTime.now().setZone(ZONE).plus({ hours: 3 });
    const tooSoon = await addSlot(w.tok.admin, { date: soon.toISODate(), startTime: soon.toFormat('HH:00') });
    expect(await listIds(w.tok.admin)).toEqual(expect.arrayContaining([own._id, t2._id, tooSoon._id]));
    expect(await listIds(w.tok.admin, { teacherId: teacher2.id })).toEqual([t2._id]);
    expect(await listIds(teacher2Token)).toEqual([t2._id]);
    expect(await listIds(w.tok.teacher)).not.toContain(t2._id);
    for (const token of [w.tok.student, w.tok.parent]) {
      const seen = await listIds(token);
      expect(seen).toContain(own._id);
      expect(seen).not.toContain(t2._id);
      expect(seen).not.toContain(tooSoon._id);
    }
    expect(await listIds(w.tok.parent, { studentId: w.a.student.id })).toContain(own._id);
    expect((await w.api.call('/makeupSlot/list', w.tok.parent, { studentId: w.a.otherStudent.id })).status).toBe(404);
    expect((await w.api.ok('/makeupSlot/list', w.tokB.admin, {})).results).toEqual([]);

    // The rules: another teacher's slot, one too soon, another school's, a credit not theirs.
    const mine = credit[w.a.student.id]!;
    const notOwn = await w.api.call('/makeupSlot/book', w.tok.parent, { slotId: t2._id, creditId: mine });
    expect([notOwn.status, notOwn.body.message]).toEqual([404, 'Make-up slot not found']);
    const late = await w.api.call('/makeupSlot/book', w.tok.parent, { slotId: tooSoon._id, creditId: mine });
    expect([late.status, late.body.message]).toEqual([409, 'A make-up slot can be booked at least 24 hours ahead']);
    const otherChild = await w.api.call('/makeupSlot/book', w.tok.parent, { slotId: own._id, creditId: credit[w.a.otherStudent.id] });
    expect([otherChild.status, otherChild.body.message]).toEqual([404, 'Make-up credit not found']);
    expect((await w.api.call('/makeupSlot/book', w.tokB.admin, { slotId: own._id, creditId: mine })).status).toBe(404);

    // A parent books their child's make-up: the same make-up lesson staff's booking makes.
    await w.t.services.jobs.idle();
    const mark = w.t.sentEmails.length;
    const booked = await w.api.call('/makeupSlot/book', w.tok.parent, { slotId: own._id, creditId: mine });
    expect([booked.status, booked.body.message]).toEqual([200, 'Make-up Lesson Booked Successfully']);
    // The family is told as of a make-up the office books: the student and the parent, once each.
    await w.t.services.jobs.idle();
    const told = w.t.sentEmails.slice(mark);
    const family = told.filter((e) => e.subject.startsWith('Make-up lesson booked: '));
    expect(family.map((e) => e.to).sort()).toEqual([w.a.parent.email, w.a.student.email].sort());
    // And the slot's teacher, of who now comes into their slot (decision 083).
    expect(told.filter((e) => !family.includes(e)).map((e) => e.to)).toEqual([w.a.teacher.email]);
    const lesson = await w.api.ok('/getLesson', w.tok.student, { id: booked.body.data._id });
    expect(lesson).toMatchObject({ isMakeup: true, start: own.start });
    const used = await w.api.ok('/getCredits', w.tok.parent, { status: 'used' });
    expect(used.results.map((c: { _id: string; usedLessonId: string }) => [c._id, c.usedLessonId])).toEqual([[mine, booked.body.data._id]]);
    const again = await w.api.call('/makeupSlot/book', w.tok.parent, { slotId: own._id, creditId: mine });
    expect(again.status).toBe(409);
    expect(await listIds(w.tok.parent)).not.toContain(own._id);
    const after = ((await w.api.ok('/makeupSlot/list', w.tok.admin, {})).results as Slot[]).find((s) => s._id === own._id)!;
    expect(after).toMatchObject({ booked: 1, canRemove: false, lessonId: booked.body.data._id });
    const full = await w.api.call('/makeupSlot/book', extraTokens[0]!, { slotId: own._id, creditId: credit[extra[0]!.id] });
    expect([full.status, full.body.message]).toEqual([409, 'This make-up slot is full']);

    // Removing: not once booked; a teacher not another's; staff an unbooked one.
    const removeBooked = await w.api.call('/makeupSlot/remove', w.tok.admin, { id: own._id }, 'DELETE');
    expect([removeBooked.status, removeBooked.body.message]).toEqual([409, 'This make-up slot has bookings; it cannot be removed']);
    expect((await w.api.call('/makeupSlot/remove', w.tok.teacher, { id: t2._id }, 'DELETE')).status).toBe(404);
    expect((await w.api.call('/makeupSlot/remove', w.tok.parent, { id: tooSoon._id }, 'DELETE')).status).toBe(403);
    expect((await w.api.call('/makeupSlot/remove', w.tokB.admin, { id: tooSoon._id }, 'DELETE')).status).toBe(404);
    expect((await w.api.call('/makeupSlot/remove', teacher2Token, { id: t2._id }, 'DELETE')).status).toBe(200);
    expect(await listIds(w.tok.admin)).not.toContain(t2._id);
  });

  it('holds a slot’s capacity and spends a credit once when many book at the same moment', async () => {
    // Six students into a one-place slot at once (on PGlite they queue; on PostgreSQL they race).
    const one = await addSlot(w.tok.admin, { date: day(11), startTime: '09:00' });
    const race = await Promise.all(extra.map((s, i) => w.api.call('/makeupSlot/book', extraTokens[i]!, { slotId: one._id, creditId: credit[s.id] })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(new Set(race.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(new Set(['This make-up slot is full']));
    const winner = extra.findIndex((_, i) => race[i]!.status === 200);

    // A two-place slot: two of the rest share one make-up lesson.
    const rest = extra.map((s, i) => ({ s, i })).filter(({ i }) => i !== winner);
    const two = await addSlot(w.tok.admin, { date: day(11), startTime: '11:00', capacity: 2 });
    const pair = await Promise.all(rest.slice(0, 4).map(({ s, i }) => w.api.call('/makeupSlot/book', extraTokens[i]!, { slotId: two._id, creditId: credit[s.id] })));
    const won = pair.filter((r) => r.status === 200);
    expect(won).toHaveLength(2);
    expect(won[0]!.body.data._id).toBe(won[1]!.body.data._id);

    // One credit into six slots at once: one booking.
    const last = rest[4]!;
    const slots = [];
    for (let h = 0; h < 6; h++) slots.push(await addSlot(w.tok.admin, { date: day(12), startTime: `0${h + 1}:00`.slice(-5) }));
    const spend = await Promise.all(slots.map((s) => w.api.call('/makeupSlot/book', extraTokens[last.i]!, { slotId: s._id, creditId: credit[last.s.id] })));
    expect(spend.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(new Set(spend.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(new Set(['This make-up credit has already been used']));
  });
});
