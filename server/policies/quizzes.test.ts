import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/roles.js';
import { decideOwnAttempt, decideTakeQuiz, mayTakeQuizzes, mayWriteQuizzes } from './quizzes.js';

const actor = (role: (typeof ROLES)[number]) => ({ id: 'me', role, adminId: role === 'superadmin' ? null : 'school' });

describe('quizzes policy', () => {
  it.each([
    // role,        write, take
    ['superadmin', true, false],
    ['admin', false, false],
    ['subadmin', false, false],
    ['teacher', false, false],
    ['student', false, true],
    ['parent', false, false],
  ] as const)('%s: writes %s, takes %s', (role, write, take) => {
    expect(mayWriteQuizzes(actor(role))).toBe(write);
    expect(mayTakeQuizzes(actor(role))).toBe(take);
    expect(decideTakeQuiz(actor(role), { status: 'published' })).toBe(take ? 'allow' : 'forbidden');
    expect(decideTakeQuiz(actor(role), { status: 'draft' })).toBe(take ? 'not-found' : 'forbidden');
  });

  it('lets a student reach only their own attempts', () => {
    const student = actor('student');
    expect(decideOwnAttempt(student, { studentId: 'me', adminId: 'school' })).toBe('allow');
    expect(decideOwnAttempt(student, { studentId: 'other', adminId: 'school' })).toBe('not-found');
    expect(decideOwnAttempt(student, { studentId: 'me', adminId: 'another school' })).toBe('not-found');
    for (const role of ROLES.filter((r) => r !== 'student')) expect(decideOwnAttempt(actor(role), { studentId: 'me', adminId: 'school' }), role).toBe('forbidden');
  });
});
