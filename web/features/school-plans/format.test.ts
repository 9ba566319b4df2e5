import { describe, expect, it } from 'vitest';
import { planLimits } from './format';

describe('planLimits', () => {
  it('names one teacher or student in the singular (a private teacher\'s plan: "up to 1 teacher")', () => {
    expect(planLimits({ maxStudents: 15, maxTeachers: 1, storeIncluded: false })).toBe('Up to 15 students, up to 1 teacher, no store');
    expect(planLimits({ maxStudents: 1, maxTeachers: 5, storeIncluded: true })).toBe('Up to 1 student, up to 5 teachers, store included');
  });

  it('says "any number" where the plan sets no limit', () => {
    expect(planLimits({ maxStudents: null, maxTeachers: null, storeIncluded: true })).toBe('Any number of students, any number of teachers, store included');
  });
});
