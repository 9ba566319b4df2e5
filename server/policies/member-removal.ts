/**
 * Removing a person never destroys history: a person with nothing but links (instruments,
 * teachers, parents, groups, families, pay rates, sessions) is deleted; a person named by any
 * other row that points at users — lessons, invoices, payments as they come — is kept, and the
 * school deactivates them instead. New tables are history unless listed here, so a later table
 * cannot be emptied by accident.
 */
export const COLUMNS_WITHOUT_HISTORY: readonly string[] = [
  'users.admin_id',
  'sessions.user_id', 'sessions.actor_user_id',
  'user_tokens.user_id',
  // The outbox and the activities about the person keep their rows (set null, migration 0008).
  'email_messages.user_id',
  'audit_events.target_user_id',
  'student_genres.student_id',
  'student_teachers.student_id', 'student_teachers.teacher_id',
  'parent_children.parent_id', 'parent_children.student_id',
  'class_group_students.student_id',
  // A group whose teacher is removed stays, without its teacher (set null).
  'class_groups.teacher_id',
  'teacher_genres.teacher_id',
  'teacher_pay_rates.teacher_id',
  'family_members.user_id',
  // A signup keeps its row (set null).
  'student_signups.student_id',
  // A private calendar link is a setting, not history.
  'calendar_feeds.user_id',
];

/** A column is history unless it is a link; admin_id columns name the school, never the person removed. */
export function isHistoryColumn(table: string, column: string): boolean {
  return column !== 'admin_id' && !COLUMNS_WITHOUT_HISTORY.includes(`${table}.${column}`);
}

export function removalAnswer(historyColumns: string[]): 'delete' | 'keep' {
  return historyColumns.length === 0 ? 'delete' : 'keep';
}
