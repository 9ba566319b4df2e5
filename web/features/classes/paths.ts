/** docs/domains/members.md "Screens and routes": the list at /member/classes-group, one group at /classes/group/{id}. */
export const CLASSES_PATH = '/member/classes-group';
export const classPath = (id: string) => `/classes/group/${encodeURIComponent(id)}`;
/** A student's profile page (docs/domains/members.md "Screens and routes": /member/{slug}/{id}). */
export const studentProfilePath = (id: string) => `/member/student/${encodeURIComponent(id)}`;
