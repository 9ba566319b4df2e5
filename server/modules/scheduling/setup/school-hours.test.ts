import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingSettings } from '../../../db/schema/index.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/Chicago');
});
afterAll(() => w.t.close());

const WEEK = { start: '2027-01-04T00:00:00-06:00', end: '2027-01-11T00:00:00-06:00' };

describe('school hours', () => {
  it('start at 8 am to 9 pm of the school, in its zone, and staff change them', async () => {
    const rules = await w.api.ok('/getSettings', w.tok.teacher);
    expect(rules).toMatchObject({ dayStartsAt: '08:00', dayEndsAt: '21:00', timeZone: 'America/Chicago' });
    expect((await w.api.call('/updateSettings', w.tok.teacher, { ...rules, dayStartsAt: '07:00' })).status).toBe(403);
    const saved = await w.api.ok('/updateSettings', w.tok.subadmin, { ...rules, dayStartsAt: '09:30', dayEndsAt: '18:45' });
    expect(saved).toMatchObject({ dayStartsAt: '09:30', dayEndsAt: '18:45', timeZone: 'America/Chicago' });
    expect(await w.api.ok('/getSettings', w.tok.admin)).toMatchObject({ dayStartsAt: '09:30', dayEndsAt: '18:45' });
    // Another school keeps its own.
    expect(await w.api.ok('/getSettings', w.tokB.admin)).toMatchObject({ dayStartsAt: '08:00', dayEndsAt: '21:00' });
  });

  it('come with the calendar and with a lesson, for everyone who sees them', async () => {
    const lesson = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { repeat: 'none' }));
    for (const who of ['admin', 'teacher', 'student', 'parent'] as const) {
      expect((await w.api.ok('/getEvents', w.tok[who], WEEK)).schoolHours, who).toEqual({ dayStartsAt: '09:30', dayEndsAt: '18:45' });
    }
    expect((await w.api.ok('/getLesson', w.tok.teacher, { id: lesson._id })).schoolHours).toEqual({ dayStartsAt: '09:30', dayEndsAt: '18:45' });
    expect((await w.api.ok('/getEvents', w.tokB.admin, WEEK)).schoolHours).toEqual({ dayStartsAt: '08:00', dayEndsAt: '21:00' });
  });

  it('close after they open: one rule, by field, nothing changed', async () => {
    const rules = await w.api.ok('/getSettings', w.tok.admin);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ dayStartsAt: '18:00', dayEndsAt: '09:00' }, { dayEndsAt: 'Closing time must be after opening time' }],
      [{ dayStartsAt: '10:00', dayEndsAt: '10:00' }, { dayEndsAt: 'Closing time must be after opening time' }],
      [{ dayStartsAt: '', dayEndsAt: '21:00' }, { dayStartsAt: 'Opening time is Required' }],
      [{ dayStartsAt: '8am', dayEndsAt: '24:00' }, { dayStartsAt: 'Please enter a time as HH:mm', dayEndsAt: 'Please enter a time as HH:mm' }],
      [{ dayStartsAt: '08:00', dayEndsAt: null }, { dayEndsAt: 'Closing time is Required' }],
    ];
    for (const [hours, errors] of cases) {
      const bad = await w.api.call('/updateSettings', w.tok.admin, { ...rules, ...hours });
      expect(bad.status, JSON.stringify(hours)).toBe(400);
      expect(bad.body.errors).toEqual(errors);
    }
    expect(await w.api.ok('/getSettings', w.tok.admin)).toEqual(rules);
  });

  it('are kept whole by the database too', async () => {
    const write = (hours: { dayStartsAt: string; dayEndsAt: string }) =>
      w.t.db.transaction({ kind: 'all' }, (tx) => tx.update(schedulingSettings).set(hours).where(eq(schedulingSettings.adminId, w.a.adminId)));
    await expect(write({ dayStartsAt: '20:00', dayEndsAt: '08:00' })).rejects.toThrow();
    await expect(write({ dayStartsAt: '8:00', dayEndsAt: '21:00' })).rejects.toThrow();
  });
});
