import { describe, expect, it } from 'vitest';
import { isHistoryColumn, removalAnswer } from './member-removal.js';

describe('member removal policy', () => {
  it('treats links as no history', () => {
    expect(isHistoryColumn('student_teachers', 'teacher_id')).toBe(false);
    expect(isHistoryColumn('sessions', 'actor_user_id')).toBe(false);
    expect(isHistoryColumn('lessons', 'admin_id')).toBe(false);
  });

  it('treats any other column that names a user as history, including tables added later', () => {
    expect(isHistoryColumn('lessons', 'student_id')).toBe(true);
    expect(isHistoryColumn('invoices', 'student_id')).toBe(true);
    expect(isHistoryColumn('audit_events', 'actor_id')).toBe(true);
  });

  it('deletes only a person without history', () => {
    expect(removalAnswer([])).toBe('delete');
    expect(removalAnswer(['lessons.student_id'])).toBe('keep');
  });
});
