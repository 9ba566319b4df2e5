/** What removing a school finds: its people besides the owner, and its rows in the school tables that hold history. */
export type SchoolFootprint = { otherUsers: number; historyTables: string[] };

/**
 * Removing a school never destroys history (decision 007): a school with nothing but its owner
 * is deleted outright; any other is soft deleted (hidden, everyone deactivated, rows kept).
 */
export function removalKind(f: SchoolFootprint): 'hard' | 'soft' {
  return f.otherUsers === 0 && f.historyTables.length === 0 ? 'hard' : 'soft';
}

/**
 * School tables whose rows are not history: the school row and its users are what is removed,
 * the outbox and the login-as audit of an empty school go with it.
 */
export const TABLES_WITHOUT_HISTORY: readonly string[] = [
  'users', 'schools', 'email_messages', 'audit_events',
  // A school's scheduling set-up is configuration, not history.
  'scheduling_settings', 'lesson_types', 'rooms', 'holidays', 'calendar_feeds',
];
