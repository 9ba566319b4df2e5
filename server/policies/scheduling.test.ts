import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { lessonScopeOf, mayCancelLesson, mayEditLesson, mayReadLessonNote, mayRunSchedule, mayScheduleLessons, showsCalendarDetail, type LessonScope } from './scheduling.js';

const actor = (role: Role, id = 'me') => ({ id, role, adminId: 'school', addrole: null });

describe('scheduling policy', () => {
  it('gives each role its calendar', () => {
    expect(ROLES.map((r) => [r, lessonScopeOf(actor(r))])).toEqual([
      ['superadmin', null], ['admin', 'school'], ['subadmin', 'school'], ['teacher', 'teacher'], ['student', 'student'], ['parent', 'parent'],
    ]);
  });

  it('lets staff run the schedule, teachers schedule their own, families neither', () => {
    expect(ROLES.filter((r) => mayRunSchedule(actor(r)))).toEqual(['admin', 'subadmin']);
    expect(ROLES.filter((r) => mayScheduleLessons(actor(r)))).toEqual(['admin', 'subadmin', 'teacher']);
  });

  it('lets a teacher edit only their own lessons', () => {
    expect(mayEditLesson(actor('teacher'), { teacherId: 'me' })).toBe(true);
    expect(mayEditLesson(actor('teacher'), { teacherId: 'other' })).toBe(false);
    expect(mayEditLesson(actor('subadmin'), { teacherId: 'other' })).toBe(true);
    for (const r of ['student', 'parent', 'superadmin'] as const) expect(mayEditLesson(actor(r), { teacherId: 'me' })).toBe(false);
  });

  it('lets a family cancel only its own private lessons', () => {
    const own = { teacherId: 't', isPrivate: true, isOwnLesson: true };
    expect(mayCancelLesson(actor('student'), own)).toBe(true);
    expect(mayCancelLesson(actor('parent'), own)).toBe(true);
    expect(mayCancelLesson(actor('student'), { ...own, isPrivate: false })).toBe(false);
    expect(mayCancelLesson(actor('parent'), { ...own, isOwnLesson: false })).toBe(false);
    expect(mayCancelLesson(actor('teacher'), own)).toBe(false);
    expect(mayCancelLesson(actor('admin'), { ...own, isOwnLesson: false })).toBe(true);
  });

  it('lets staff and teachers read every attendance note, a family only the shared ones', () => {
    const scopes: LessonScope[] = ['school', 'teacher', 'student', 'parent'];
    expect(scopes.map((s) => [s, mayReadLessonNote(s, false), mayReadLessonNote(s, true)])).toEqual([
      ['school', true, true], ['teacher', true, true], ['student', false, true], ['parent', false, true],
    ]);
  });

  it('shows class/group and student names by the calendar detail rule (docs/domains/scheduling.md)', () => {
    const viewed = [null, ...ROLES] as const;
    const shown = (viewer: string) => viewed.filter((v) => showsCalendarDetail(viewer, v));
    expect(shown('superadmin')).toEqual(['admin', 'subadmin', 'teacher']);
    expect(shown('admin')).toEqual([null, 'subadmin']);
    expect(shown('subadmin')).toEqual([null]);
    expect(shown('teacher')).toEqual(viewed);
    expect(shown('student')).toEqual([]);
    expect(shown('parent')).toEqual([]);
  });
});
