import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classGroupStudents, makeupCredits } from '../../../db/schema/index.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
});
afterAll(() => w.t.close());

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const week = (start: string, end: string) => ({ start, end });

describe('rooms', () => {
  it('lets staff add rooms, unique by name in the school whatever the case', async () => {
    const room = await w.api.ok('/room/add', w.tok.admin, { roomName: 'Studio A', capacity: 4 });
    expect(room).toMatchObject({ roomName: 'Studio A', capacity: 4 });
    const twice = await w.api.call('/room/add', w.tok.subadmin, { roomName: ' studio a ' });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ roomName: 'Room already exists' });
    // Another school may have its own Studio A.
    await w.api.ok('/room/add', w.tokB.admin, { roomName: 'Studio A' });
    const bad = await w.api.call('/room/add', w.tok.admin, { roomName: '', capacity: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ roomName: 'Room Name is Required', capacity: 'Capacity is at least 1' });
  });

  it('lists ten a page, sorted and searched, for staff and teachers only', async () => {
    for (let i = 1; i <= 11; i++) await w.api.ok('/room/add', w.tok.admin, { roomName: `Practice ${String(i).padStart(2, '0')}` });
    const first = await w.api.ok('/room/list', w.tok.teacher, {});
    expect(first).toMatchObject({ page: 1, limit: 10, totalCount: 12 });
    expect(first.results).toHaveLength(10);
    const byName = await w.api.ok('/room/list', w.tok.admin, { sortBy: 'roomName', orderBy: 1, page: 2 });
    expect(byName.results.map((r: { roomName: string }) => r.roomName)).toEqual(['Practice 11', 'Studio A']);
    const found = await w.api.ok('/room/list', w.tok.admin, { search: 'studio' });
    expect(found.results.map((r: { roomName: string }) => r.roomName)).toEqual(['Studio A']);
    const other = await w.api.ok('/room/list', w.tokB.admin, {});
    expect(other.totalCount).toBe(1);
    for (const who of ['student', 'parent'] as const) expect((await w.api.call('/room/list', w.tok[who], {})).status).toBe(403);
    expect((await w.api.call('/room/list', undefined, {})).status).toBe(401);
  });

  it('updates and removes only the school’s rooms; a removed room’s lessons keep going without it', async () => {
    const list = await w.api.ok('/room/list', w.tok.admin, { search: 'Practice 01' });
    const room = list.results[0];
    expect((await w.api.call('/room/update', w.tok.teacher, { id: room._id, roomName: 'Piano Room' })).status).toBe(403);
    const taken = await w.api.call('/room/update', w.tok.admin, { id: room._id, roomName: 'STUDIO A' });
    expect(taken.body.errors).toEqual({ roomName: 'Room already exists' });
    const renamed = await w.api.ok('/room/update', w.tok.admin, { id: room._id, roomName: 'Piano Room', capacity: null });
    expect(renamed).toMatchObject({ _id: room._id, roomName: 'Piano Room', capacity: null });
    expect((await w.api.call('/room/update', w.tokB.admin, { id: room._id, roomName: 'Mine' })).status).toBe(404);
    expect((await w.api.call('/room/remove', w.tokB.admin, { id: room._id }, 'DELETE')).status).toBe(404);

    await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { repeat: 'none', date: '2027-02-01', startTime: '09:00', roomId: room._id }));
    expect((await w.api.call('/room/remove', w.tok.teacher, { id: room._id }, 'DELETE')).status).toBe(403);
    const removed = await w.api.call('/room/remove', w.tok.admin, { id: room._id }, 'DELETE');
    expect(removed.body).toMatchObject({ status: 200, message: 'Room Deleted Successfully' });
    const events = await w.api.ok('/getEvents', w.tok.admin, week('2027-02-01T00:00:00-05:00', '2027-02-02T00:00:00-05:00'));
    expect(events.results).toHaveLength(1);
    expect(events.results[0].room).toBeNull();
    expect((await w.api.call('/room/remove', w.tok.admin, { id: room._id }, 'DELETE')).status).toBe(404);
  });
});

describe('lesson types', () => {
  it('starts a school with the default types and keeps names unique', async () => {
    const list = await w.api.ok('/lessonType/list', w.tok.teacher, { sortBy: 'name', orderBy: 1 });
    expect(list.results.map((t: { name: string; kind: string }) => [t.name, t.kind])).toEqual([['Group Class', 'class_group'], ['Private Lesson', 'private']]);
    const taken = await w.api.call('/lessonType/add', w.tok.admin, { name: 'private lesson', kind: 'private', durationMinutes: 45 });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ name: 'Lesson type already exists' });
    const bad = await w.api.call('/lessonType/add', w.tok.admin, { name: '', kind: 'solo', durationMinutes: 2 });
    expect(bad.body.errors).toMatchObject({ name: 'Name is Required', kind: 'Please choose private or class/group', durationMinutes: 'A lesson lasts at least 5 minutes' });
    expect((await w.api.call('/lessonType/add', w.tok.teacher, { name: 'Theory', kind: 'private', durationMinutes: 45 })).status).toBe(403);
    expect((await w.api.call('/lessonType/list', w.tok.student, {})).status).toBe(403);
    expect((await w.api.call('/lessonType/list', undefined, {})).status).toBe(401);
  });

  it('removes an unused type, refuses one with lessons, and another school’s is not there', async () => {
    const theory = await w.api.ok('/lessonType/add', w.tok.admin, { name: 'Theory', kind: 'private', durationMinutes: 45 });
    const renamed = await w.api.ok('/lessonType/update', w.tok.subadmin, { id: theory._id, name: 'Music Theory', kind: 'class_group', durationMinutes: 50 });
    expect(renamed).toMatchObject({ name: 'Music Theory', kind: 'class_group', durationMinutes: 50 });
    expect((await w.api.call('/lessonType/update', w.tokB.admin, { id: theory._id, name: 'X', kind: 'private', durationMinutes: 30 })).status).toBe(404);
    expect((await w.api.call('/lessonType/remove', w.tokB.admin, { id: theory._id }, 'DELETE')).status).toBe(404);
    expect((await w.api.call('/lessonType/remove', w.tok.admin, { id: theory._id }, 'DELETE')).body.message).toBe('Lesson Type Deleted Successfully');

    const inUse = await w.api.call('/lessonType/remove', w.tok.admin, { id: w.types.private }, 'DELETE');
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('This lesson type has lessons; it cannot be deleted');
    const kind = await w.api.call('/lessonType/update', w.tok.admin, { id: w.types.private, name: 'Private Lesson', kind: 'class_group', durationMinutes: 30 });
    expect(kind.body.errors).toEqual({ kind: 'This lesson type has lessons; its kind cannot change' });
  });
});

describe('holidays', () => {
  it('cancels and banks the lessons on its school-local days, and lists how many', async () => {
    // Weekly Mondays 4 pm from 4 Jan 2027; a group lesson and a late lesson on the holiday, one just after midnight the next day.
    const series = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private));
    await w.t.db.transaction({ kind: 'all' }, (tx) => tx.insert(classGroupStudents).values({ adminId: w.a.adminId, classGroupId: w.a.classGroupId, studentId: w.a.otherStudent.id }));
    await w.api.ok('/addLesson', w.tok.admin, { teacherId: w.a.teacher.id, lessonTypeId: w.types.group, classGroupId: w.a.classGroupId, date: '2027-01-18', startTime: '21:30', durationMinutes: 60 });
    await w.api.ok('/addLesson', w.tok.admin, { teacherId: w.a.teacher.id, lessonTypeId: w.types.private, studentIds: [w.a.otherStudent.id], date: '2027-01-19', startTime: '00:30', durationMinutes: 30 });

    expect((await w.api.call('/holiday/add', w.tok.teacher, { name: 'MLK Day', startsOn: '2027-01-18', endsOn: '2027-01-18' })).status).toBe(403);
    const holiday = await w.api.ok('/holiday/add', w.tok.admin, { name: 'MLK Day', startsOn: '2027-01-18', endsOn: '2027-01-18', bankLessons: true });
    expect(holiday).toMatchObject({ name: 'MLK Day', lessonsCancelled: 2, bankLessons: true });

    const day = await w.api.ok('/getEvents', w.tok.admin, week('2027-01-18T00:00:00-05:00', '2027-01-20T00:00:00-05:00'));
    const byStart = Object.fromEntries(day.results.map((e: { start: string }) => [e.start, e]));
    expect(byStart['2027-01-18T16:00:00-05:00'].assignedId).toMatchObject({ cancelLesson: true, bankLesson: true, cancelReason: 'Holiday: MLK Day' });
    expect(byStart['2027-01-18T21:30:00-05:00'].assignedId).toMatchObject({ cancelLesson: true, bankLesson: true });
    expect(byStart['2027-01-19T00:30:00-05:00'].assignedId).toMatchObject({ cancelLesson: false, bankLesson: false });
    expect(byStart['2027-01-18T16:00:00-05:00'].seriesId).toBe(series.seriesId);

    const credits = await w.api.ok('/getCredits', w.tok.admin, { status: 'all' });
    expect(credits.results.map((c: { student: { _id: string }; grantedByHand: boolean }) => [c.student._id, c.grantedByHand]).sort())
      .toEqual([[w.a.student.id, true], [w.a.otherStudent.id, true]].sort());

    const list = await w.api.ok('/holiday/list', w.tok.teacher, {});
    expect(list.results.map((h: { name: string; lessonsCancelled: number }) => [h.name, h.lessonsCancelled])).toEqual([['MLK Day', 2]]);
    expect((await w.api.call('/holiday/list', w.tok.parent, {})).status).toBe(403);
    expect((await w.api.ok('/holiday/list', w.tokB.admin, {})).totalCount).toBe(0);
  });

  it('brings the lessons back when removed, taking back unused credits and keeping a used one', async () => {
    const [holiday] = (await w.api.ok('/holiday/list', w.tok.admin, {})).results;
    const credits = (await w.api.ok('/getCredits', w.tok.admin, {})).results as { _id: string; student: { _id: string } }[];
    const mine = credits.find((c) => c.student._id === w.a.student.id)!;
    await w.api.ok('/bookMakeup', w.tok.admin, {
      creditId: mine._id, teacherId: w.a.teacher.id, lessonTypeId: w.types.private, date: '2027-01-20', startTime: '10:00', durationMinutes: 30,
    });

    expect((await w.api.call('/holiday/remove', w.tokB.admin, { id: holiday._id }, 'DELETE')).status).toBe(404);
    expect((await w.api.call('/holiday/remove', w.tok.teacher, { id: holiday._id }, 'DELETE')).status).toBe(403);
    const removed = await w.api.call('/holiday/remove', w.tok.admin, { id: holiday._id }, 'DELETE');
    expect(removed.body).toMatchObject({ status: 200, message: 'Holiday Deleted Successfully', data: { restored: 2 } });

    const day = await w.api.ok('/getEvents', w.tok.admin, week('2027-01-18T00:00:00-05:00', '2027-01-19T00:00:00-05:00'));
    expect(day.results.map((e: { assignedId: { cancelLesson: boolean; cancelReason: string | null } }) => e.assignedId.cancelLesson)).toEqual([false, false]);
    const states = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select({ studentId: makeupCredits.studentId, status: makeupCredits.status })
      .from(makeupCredits).where(eq(makeupCredits.adminId, w.a.adminId)));
    expect(Object.fromEntries(states.map((s) => [s.studentId, s.status]))).toEqual({ [w.a.student.id]: 'used', [w.a.otherStudent.id]: 'revoked' });
    expect((await w.api.ok('/holiday/list', w.tok.admin, {})).totalCount).toBe(0);
  });

  it('leaves a lesson cancelled while another closure still covers its day', async () => {
    const reasonOn15Feb = async () => {
      const day = await w.api.ok('/getEvents', w.tok.admin, week('2027-02-15T00:00:00-05:00', '2027-02-16T00:00:00-05:00'));
      return day.results.map((e: { assignedId: { cancelReason: string | null } }) => e.assignedId.cancelReason);
    };
    const winter = await w.api.ok('/holiday/add', w.tok.admin, { name: 'Winter Break', startsOn: '2027-02-15', endsOn: '2027-02-19' });
    const presidents = await w.api.ok('/holiday/add', w.tok.admin, { name: 'Presidents Day', startsOn: '2027-02-15', endsOn: '2027-02-15' });
    expect([winter.lessonsCancelled, presidents.lessonsCancelled]).toEqual([1, 0]);
    expect((await w.api.call('/holiday/remove', w.tok.admin, { id: winter._id }, 'DELETE')).status).toBe(200);
    expect(await reasonOn15Feb()).toEqual(['Holiday: Presidents Day']);
    const lists = await w.api.ok('/holiday/list', w.tok.admin, {});
    expect(lists.results.map((h: { name: string; lessonsCancelled: number }) => [h.name, h.lessonsCancelled])).toEqual([['Presidents Day', 1]]);
    const gone = await w.api.call('/holiday/remove', w.tok.admin, { id: presidents._id }, 'DELETE');
    expect(gone.body.data).toEqual({ restored: 1 });
    expect(await reasonOn15Feb()).toEqual([null]);
  });

  it('checks its form', async () => {
    const bad = await w.api.call('/holiday/add', w.tok.admin, { name: 'Break', startsOn: '2027-02-10', endsOn: '2027-02-09' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ endsOn: 'The last day must be on or after the first' });
    expect((await w.api.call('/holiday/add', w.tok.admin, { name: ' ', startsOn: '2027-02-10', endsOn: '2027-02-10' })).body.errors).toEqual({ name: 'Name is Required' });
    const date = await w.api.call('/holiday/add', w.tok.admin, { name: 'Break', startsOn: '2027-02-30', endsOn: 'soon' });
    expect(date.body.errors).toMatchObject({ startsOn: 'Please enter a valid date', endsOn: 'Date is Required' });
    expect((await w.api.call('/holiday/add', undefined, { name: 'Break', startsOn: '2027-02-10', endsOn: '2027-02-10' })).status).toBe(401);
    expect((await w.api.call('/holiday/remove', w.tok.admin, { id: 'nope' }, 'DELETE')).body.errors).toEqual({ id: 'Invalid id' });
    expect((await w.api.call('/holiday/remove', w.tok.admin, { id: ANY_ID }, 'DELETE')).status).toBe(404);
  });
});

describe('scheduling settings', () => {
  it('shows the rules to staff and teachers, and lets staff change them', async () => {
    const rules = await w.api.ok('/getSettings', w.tok.teacher);
    expect(rules).toMatchObject({ creditMaxHeld: 2, creditMaxPerTerm: 4, creditLifetimeDays: 60, noticeHours: 24, bankedDueHours: 72, termStartsOn: null });
    for (const who of ['student', 'parent'] as const) expect((await w.api.call('/getSettings', w.tok[who])).status).toBe(403);
    expect((await w.api.call('/getSettings', undefined)).status).toBe(401);
    const next = { ...rules, creditMaxHeld: 3, termStartsOn: '2027-01-04', termEndsOn: '2027-03-26' };
    expect((await w.api.call('/updateSettings', w.tok.teacher, next)).status).toBe(403);
    const saved = await w.api.call('/updateSettings', w.tok.subadmin, next);
    expect(saved.body).toMatchObject({ status: 200, message: 'Scheduling Settings Saved Successfully', data: next });
    expect(await w.api.ok('/getSettings', w.tok.admin)).toEqual(next);
    expect((await w.api.ok('/getSettings', w.tokB.admin)).creditMaxHeld).toBe(2);
    const bad = await w.api.call('/updateSettings', w.tok.admin, { ...rules, creditLifetimeDays: 0, noticeHours: -1 });
    expect(bad.body.errors).toMatchObject({ creditLifetimeDays: 'A credit lives at least 1 day', noticeHours: 'Notice cannot be negative' });
    const term = await w.api.call('/updateSettings', w.tok.admin, { ...rules, termStartsOn: '2027-01-04', termEndsOn: null });
    expect(term.body.errors).toEqual({ termEndsOn: 'Give both the first and the last day of the term' });
  });
});

describe('who may call the set-up', () => {
  const writes: [string, 'POST' | 'DELETE', Record<string, unknown>][] = [
    ['/room/add', 'POST', { roomName: 'Loft' }],
    ['/room/update', 'POST', { id: ANY_ID, roomName: 'Loft' }],
    ['/room/remove', 'DELETE', { id: ANY_ID }],
    ['/lessonType/add', 'POST', { name: 'Jazz', kind: 'private', durationMinutes: 30 }],
    ['/lessonType/update', 'POST', { id: ANY_ID, name: 'Jazz', kind: 'private', durationMinutes: 30 }],
    ['/lessonType/remove', 'DELETE', { id: ANY_ID }],
    ['/holiday/add', 'POST', { name: 'Break', startsOn: '2027-06-01', endsOn: '2027-06-02' }],
    ['/holiday/remove', 'DELETE', { id: ANY_ID }],
    ['/updateSettings', 'POST', { creditMaxHeld: 1, creditMaxPerTerm: 1, creditLifetimeDays: 1, noticeHours: 1, bankedDueHours: 1, reminderHours: 1, defaultLessonMinutes: 30, dayStartsAt: '08:00', dayEndsAt: '21:00' }],
  ];

  it.each(writes)('%s: 401 without a session, 403 for a teacher, a student and a parent', async (path, method, body) => {
    expect((await w.api.call(path, undefined, body, method)).status).toBe(401);
    for (const who of ['teacher', 'student', 'parent'] as const) expect((await w.api.call(path, w.tok[who], body, method)).status).toBe(403);
  });

  it.each(['/room/list', '/lessonType/list', '/holiday/list'])('%s: 401, 403 for a family, and the paging checked', async (path) => {
    expect((await w.api.call(path, undefined, {})).status).toBe(401);
    for (const who of ['student', 'parent'] as const) expect((await w.api.call(path, w.tok[who], {})).status).toBe(403);
    const bad = await w.api.call(path, w.tok.admin, { page: 0, sortBy: 'capacity' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['page', 'sortBy']);
  });

  it('checks ids before anything else', async () => {
    for (const path of ['/room/remove', '/lessonType/remove']) {
      expect((await w.api.call(path, w.tok.admin, { id: 'nope' }, 'DELETE')).body.errors).toEqual({ id: 'Invalid id' });
    }
  });
});
